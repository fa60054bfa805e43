// The business-status check (spec §7) and the public configuration the shell reads.
import { z } from 'zod';

export const CHECK_BUSINESS_STATUS_PATH = '/config-management/business-paramters/check-business-status';

export const checkBusinessStatusRequest = z.object({
  registerLink: z.string().trim().min(1, 'field.required').max(128, 'field.invalid'),
});

/** `data` is null when the link is unknown or disabled: the page shows the "authorisation tip". */
export interface BusinessStatus {
  registerLink: string;
  partnerName: string;
}

export interface PublicConfig {
  env: string;
  supportChatUrl: string | null;
  helpCenterUrl: string;
  supportEmail: string;
  cardSystemUrl: string;
  identityServiceUrl: string;
  sentryDsn: string | null;
}
