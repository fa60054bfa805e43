// The account activation link (docs/product-rules.md: valid 24 hours, single use).
import { z } from 'zod';
import { Limits } from '../../../contract/limits';
import { defineTemplate } from './defineTemplate';
import { durationText } from './durations';
import { webLink } from './webLink';

const validity = Limits.activationLink.validMs;

export const activation = defineTemplate({
  vars: z.object({ firstName: z.string().max(100), link: webLink }),
  example: { firstName: 'Ada', link: 'https://portal.example/activateAccount?token=abc' },
  content: {
    'zh-cn': ({ firstName, link }) => ({
      subject: '请激活您的企业账户',
      blocks: [
        { kind: 'paragraph', text: `${firstName}，您好：` },
        { kind: 'paragraph', text: '感谢注册。请点击下方链接激活您的账户：' },
        { kind: 'link', href: link, label: '激活账户' },
        { kind: 'paragraph', text: `链接 ${durationText(validity, 'zh-cn')}内有效，仅可使用一次。` },
        { kind: 'paragraph', text: '如非本人操作，请忽略此邮件。' },
      ],
    }),
    'en-us': ({ firstName, link }) => ({
      subject: 'Activate your business account',
      blocks: [
        { kind: 'paragraph', text: `Hello ${firstName},` },
        {
          kind: 'paragraph',
          text: 'Thank you for registering. Open the link below to activate your account:',
        },
        { kind: 'link', href: link, label: 'Activate account' },
        {
          kind: 'paragraph',
          text: `The link is valid for ${durationText(validity, 'en-us')} and can be used once.`,
        },
        { kind: 'paragraph', text: 'If you did not register, you can ignore this email.' },
      ],
    }),
  },
});
