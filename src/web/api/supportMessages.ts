// POST /plat/support/messages: a message to business support, mailed through the outbox.
import { api } from './api';

export interface SupportMessage {
  email: string;
  message: string;
}

export const SUPPORT_MESSAGES_PATH = '/support/messages';

export async function sendSupportMessage(body: SupportMessage): Promise<boolean> {
  return (await api.post<unknown>(SUPPORT_MESSAGES_PATH, body)) !== false;
}
