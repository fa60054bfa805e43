// The gateway's to-do list, derived from the account's real state (spec §1, §4; docs/product-rules.md
// "Status codes"): what the company still has to do, each with the page where it is done.
import type { CardApplicationView } from '../../../contract/api/card';
import { certificationStandingOf } from '../../../contract/statuses';

export type TodoKind =
  | 'startCertification'
  | 'continueCertification'
  | 'fixCertification'
  | 'startCardApplication'
  | 'continueCardApplication'
  | 'fixCardApplication'
  | 'reviseCardApplication';

export interface TodoItem {
  kind: TodoKind;
  href: string;
  /** The reviewer's reason, for the "fix" items. */
  reason: string | null;
}

export interface AccountState {
  certificationStatus: number;
  auditStatus: number | null;
  /** Status 0 only: a certification draft exists (docs/product-rules.md: "incomplete (continue)"). */
  certificationHasDraft: boolean;
  certificationReason: string | null;
  /** Loaded once certification is complete; null before or when it could not be loaded. */
  card: CardApplicationView | null;
}

const CERTIFICATION = '/enterpriseCertification';
const CARD_APPLICATION = '/issuingCardApplication';

export function todoItems(state: AccountState): TodoItem[] {
  const items: TodoItem[] = [];
  const standing = certificationStandingOf(state.certificationStatus, state.auditStatus);
  if (standing === 'open') {
    items.push({
      kind: state.certificationHasDraft ? 'continueCertification' : 'startCertification',
      href: CERTIFICATION,
      reason: null,
    });
  } else if (standing === 'rejected') {
    items.push({ kind: 'fixCertification', href: CERTIFICATION, reason: state.certificationReason });
  }
  const card = state.card;
  if (standing === 'approved' && card && card.eligibility === 'eligible') {
    if (card.status === 'not_started')
      items.push({ kind: 'startCardApplication', href: CARD_APPLICATION, reason: null });
    if (card.status === 'saved')
      items.push({ kind: 'continueCardApplication', href: CARD_APPLICATION, reason: null });
    if (card.status === 'rejected')
      items.push({ kind: 'fixCardApplication', href: CARD_APPLICATION, reason: card.reason });
    // A revision request (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"): the reviewer's comment is the reason.
    if (card.status === 'revision_requested')
      items.push({ kind: 'reviseCardApplication', href: CARD_APPLICATION, reason: card.reason });
  }
  return items;
}
