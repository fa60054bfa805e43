import { z } from 'zod';

/** `?to=&page=&pageSize=` of the dev mailbox, JSON and HTML alike. */
export const mailboxQuery = z.object({
  to: z.email().max(320).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
