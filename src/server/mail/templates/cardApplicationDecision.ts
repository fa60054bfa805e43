// The reviewer's decision on a card-issuing application: approved, or rejected with the reason.
import { z } from 'zod';
import { defineTemplate } from './defineTemplate';
import { webLink } from './webLink';

const vars = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approved'), companyName: z.string().min(1).max(300), link: webLink }),
  z.object({
    decision: z.literal('rejected'),
    companyName: z.string().min(1).max(300),
    reason: z.string().min(1).max(2000),
    link: webLink,
  }),
]);

export const cardApplicationDecision = defineTemplate({
  vars,
  example: { decision: 'approved', companyName: 'Example Trading Ltd', link: 'https://portal.example/' },
  content: {
    'zh-cn': (v) =>
      v.decision === 'approved'
        ? {
            subject: '发卡业务申请已通过',
            blocks: [
              { kind: 'paragraph', text: `您好，${v.companyName} 的发卡业务申请已审核通过。` },
              { kind: 'link', href: v.link, label: '登录门户' },
            ],
          }
        : {
            subject: '发卡业务申请未通过',
            blocks: [
              { kind: 'paragraph', text: `您好，${v.companyName} 的发卡业务申请未通过审核，原因如下：` },
              { kind: 'quote', text: v.reason },
              { kind: 'paragraph', text: '您可以登录门户修改后重新申请。' },
              { kind: 'link', href: v.link, label: '登录门户' },
            ],
          },
    'en-us': (v) =>
      v.decision === 'approved'
        ? {
            subject: 'Card-issuing application approved',
            blocks: [
              {
                kind: 'paragraph',
                text: `Hello, the card-issuing application of ${v.companyName} has been approved.`,
              },
              { kind: 'link', href: v.link, label: 'Sign in to the portal' },
            ],
          }
        : {
            subject: 'Card-issuing application not approved',
            blocks: [
              {
                kind: 'paragraph',
                text: `Hello, the card-issuing application of ${v.companyName} was not approved, for this reason:`,
              },
              { kind: 'quote', text: v.reason },
              { kind: 'paragraph', text: 'You can sign in, correct it and apply again.' },
              { kind: 'link', href: v.link, label: 'Sign in to the portal' },
            ],
          },
  },
});
