// The support message form (the gateway's chat float ball when no chat address is configured):
// anyone, signed in or not, can write to the support address.
import { z } from 'zod';

export const SupportPaths = {
  messages: '/support/messages', // POST SupportMessageRequest → ok
} as const;

export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

export const supportMessageRequest = z.object({
  /** Where support answers. */
  email: z.string().trim().toLowerCase().email('email.format').max(254, 'email.format'),
  message: z.string().trim().min(1, 'field.required').max(SUPPORT_MESSAGE_MAX_LENGTH, 'field.tooLong'),
  /** Optional subject line; the mail says "Support chat" without one. */
  topic: z.string().trim().min(1, 'field.required').max(200, 'field.tooLong').optional(),
});
