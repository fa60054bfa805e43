// A message from a portal user to the support address; the locale is the support team's.
import { z } from 'zod';
import { defineTemplate } from './defineTemplate';

export const supportMessage = defineTemplate({
  vars: z.object({
    fromEmail: z.email(),
    fromName: z.string().max(200),
    companyName: z.string().max(300).optional(),
    topic: z.string().min(1).max(200),
    message: z.string().min(1).max(5000),
  }),
  example: {
    fromEmail: 'ada@example.com',
    fromName: 'Ada Lovelace',
    companyName: 'Example Trading Ltd',
    topic: 'Certification',
    message: 'How long does the review take?\nThank you.',
  },
  content: {
    'zh-cn': (v) => ({
      subject: `[客服] ${v.topic}`,
      blocks: [
        {
          kind: 'paragraph',
          text: `来自：${v.fromName} <${v.fromEmail}>${v.companyName ? `（${v.companyName}）` : ''}`,
        },
        { kind: 'paragraph', text: `主题：${v.topic}` },
        { kind: 'quote', text: v.message },
      ],
    }),
    'en-us': (v) => ({
      subject: `[Support] ${v.topic}`,
      blocks: [
        {
          kind: 'paragraph',
          text: `From: ${v.fromName} <${v.fromEmail}>${v.companyName ? ` (${v.companyName})` : ''}`,
        },
        { kind: 'paragraph', text: `Topic: ${v.topic}` },
        { kind: 'quote', text: v.message },
      ],
    }),
  },
});
