// Sent when an enterprise certification is submitted (spec: "the result will be sent by email").
import { z } from 'zod';
import { defineTemplate } from './defineTemplate';

export const certificationSubmitted = defineTemplate({
  vars: z.object({ companyName: z.string().min(1).max(300) }),
  example: { companyName: 'Example Trading Ltd' },
  content: {
    'zh-cn': ({ companyName }) => ({
      subject: '企业认证已提交',
      blocks: [
        { kind: 'paragraph', text: `您好，${companyName} 的企业认证资料已提交，正在审核中。` },
        { kind: 'paragraph', text: '审核结果将通过邮件发送给您。' },
      ],
    }),
    'en-us': ({ companyName }) => ({
      subject: 'Enterprise certification submitted',
      blocks: [
        {
          kind: 'paragraph',
          text: `Hello, the enterprise certification of ${companyName} has been submitted and is under review.`,
        },
        { kind: 'paragraph', text: 'The result will be sent to you by email.' },
      ],
    }),
  },
});
