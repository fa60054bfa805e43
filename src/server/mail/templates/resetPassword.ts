// The reset-password link (docs/product-rules.md: valid 30 minutes, single use, voided by a newer one).
import { z } from 'zod';
import { Limits } from '../../../contract/limits';
import { defineTemplate } from './defineTemplate';
import { durationText } from './durations';
import { webLink } from './webLink';

const validity = Limits.resetLink.validMs;

export const resetPassword = defineTemplate({
  vars: z.object({ link: webLink }),
  example: { link: 'https://portal.example/resetPassword?token=abc' },
  content: {
    'zh-cn': ({ link }) => ({
      subject: '重置您的密码',
      blocks: [
        { kind: 'paragraph', text: '您好，我们收到了重置您账户密码的请求。请点击下方链接设置新密码：' },
        { kind: 'link', href: link, label: '重置密码' },
        {
          kind: 'paragraph',
          text: `链接 ${durationText(validity, 'zh-cn')}内有效，仅可使用一次；再次申请后此链接失效。`,
        },
        { kind: 'paragraph', text: '如非本人操作，请忽略此邮件，您的密码不会改变。' },
      ],
    }),
    'en-us': ({ link }) => ({
      subject: 'Reset your password',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Hello, we received a request to reset the password of your account. Open the link below to choose a new one:',
        },
        { kind: 'link', href: link, label: 'Reset password' },
        {
          kind: 'paragraph',
          text: `The link is valid for ${durationText(validity, 'en-us')} and can be used once; a newer request voids it.`,
        },
        {
          kind: 'paragraph',
          text: 'If you did not ask for this, ignore this email: your password stays as it is.',
        },
      ],
    }),
  },
});
