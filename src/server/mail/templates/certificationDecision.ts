// The reviewer's decision on an enterprise certification: approved (with the operator id the
// company now has) or rejected with the reviewer's reason.
import { z } from 'zod';
import { defineTemplate } from './defineTemplate';
import { webLink } from './webLink';

const vars = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approved'),
    companyName: z.string().min(1).max(300),
    operatorId: z.string().min(1).max(50),
    link: webLink,
  }),
  z.object({
    decision: z.literal('rejected'),
    companyName: z.string().min(1).max(300),
    reason: z.string().min(1).max(2000),
    link: webLink,
  }),
]);

export const certificationDecision = defineTemplate({
  vars,
  example: {
    decision: 'rejected',
    companyName: 'Example Trading Ltd',
    reason: 'The business license is unreadable.',
    link: 'https://portal.example/',
  },
  content: {
    'zh-cn': (v) =>
      v.decision === 'approved'
        ? {
            subject: '企业认证已通过',
            blocks: [
              { kind: 'paragraph', text: `您好，${v.companyName} 的企业认证已审核通过。` },
              { kind: 'paragraph', text: `您的操作员编号：${v.operatorId}` },
              { kind: 'link', href: v.link, label: '登录门户' },
            ],
          }
        : {
            subject: '企业认证未通过',
            blocks: [
              { kind: 'paragraph', text: `您好，${v.companyName} 的企业认证未通过审核，原因如下：` },
              { kind: 'quote', text: v.reason },
              { kind: 'paragraph', text: '请登录门户修改后重新提交，您已提交的资料已保留。' },
              { kind: 'link', href: v.link, label: '登录门户' },
            ],
          },
    'en-us': (v) =>
      v.decision === 'approved'
        ? {
            subject: 'Enterprise certification approved',
            blocks: [
              {
                kind: 'paragraph',
                text: `Hello, the enterprise certification of ${v.companyName} has been approved.`,
              },
              { kind: 'paragraph', text: `Your operator id: ${v.operatorId}` },
              { kind: 'link', href: v.link, label: 'Sign in to the portal' },
            ],
          }
        : {
            subject: 'Enterprise certification not approved',
            blocks: [
              {
                kind: 'paragraph',
                text: `Hello, the enterprise certification of ${v.companyName} was not approved, for this reason:`,
              },
              { kind: 'quote', text: v.reason },
              {
                kind: 'paragraph',
                text: 'Sign in to correct it and submit again; the data you submitted has been kept.',
              },
              { kind: 'link', href: v.link, label: 'Sign in to the portal' },
            ],
          },
  },
});
