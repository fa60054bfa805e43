// The addresses the account mails point to: pages of the web app (spec §2), under the public URL.
import type { AppConfig } from '../../config';

export function activationLink(config: AppConfig, token: string): string {
  return `${config.publicUrl}/activateAccount?token=${encodeURIComponent(token)}`;
}

export function resetPasswordLink(config: AppConfig, token: string): string {
  return `${config.publicUrl}/resetPassword?token=${encodeURIComponent(token)}`;
}
