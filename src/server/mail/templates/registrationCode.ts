// The email verification code of registration (docs/product-rules.md: 6 digits, valid 3 minutes).
import { z } from 'zod';
import { Limits } from '../../../contract/limits';
import { defineTemplate } from './defineTemplate';
import { durationText } from './durations';

const validity = Limits.emailCode.validMs;

export const registrationCode = defineTemplate({
  vars: z.object({ code: z.string().regex(new RegExp(`^\\d{${Limits.emailCode.digits}}$`)) }),
  example: { code: '482913' },
  content: {
    'zh-cn': ({ code }) => ({
      subject: `注册验证码：${code}`,
      blocks: [
        { kind: 'paragraph', text: '您好，您正在注册企业账户，验证码为：' },
        { kind: 'code', text: code },
        { kind: 'paragraph', text: `验证码 ${durationText(validity, 'zh-cn')}内有效，仅可使用一次。` },
        { kind: 'paragraph', text: '如非本人操作，请忽略此邮件。' },
      ],
    }),
    'en-us': ({ code }) => ({
      subject: `Your registration code: ${code}`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'Hello, you are registering a business account. Your verification code is:',
        },
        { kind: 'code', text: code },
        {
          kind: 'paragraph',
          text: `The code is valid for ${durationText(validity, 'en-us')} and can be used once.`,
        },
        { kind: 'paragraph', text: 'If you did not request this, you can ignore this email.' },
      ],
    }),
  },
});
