// The `businessInfo` query (spec §2, §7, docs/product-rules.md): a partner registration link code, checked
// with the business-status call; "code 200 with no data" means the link is no longer valid.
import type { Envelope } from '../../contract/envelope';
import type { ApiClient } from '../api/client';

export const BUSINESS_STATUS_PATH = '/config-management/business-paramters/check-business-status';
/** Where a valid link is kept for the registration page to pre-fill the invitation code. */
export const REGISTER_LINK_STORE_KEY = 'registerLink';

export type BusinessLinkVerdict = 'valid' | 'invalid' | 'unknown';

export function verdictFor(answer: Envelope | false): BusinessLinkVerdict {
  if (!answer || answer.code !== 200) return 'unknown';
  return answer.data === null || answer.data === undefined || answer.data === '' ? 'invalid' : 'valid';
}

export async function checkBusinessLink(api: ApiClient, registerLink: string): Promise<BusinessLinkVerdict> {
  const answer = await api.post<unknown, { isPageHandle: true }>(
    BUSINESS_STATUS_PATH,
    { registerLink },
    { isPageHandle: true },
  );
  const verdict = verdictFor(answer);
  if (verdict === 'valid') {
    try {
      sessionStorage.setItem(REGISTER_LINK_STORE_KEY, registerLink);
    } catch {
      // Without storage the invitation code is simply not pre-filled.
    }
  }
  return verdict;
}
