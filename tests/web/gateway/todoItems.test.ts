// The gateway's to-do list is derived from the account's real state (spec §1, §4; docs/product-rules.md).
import { describe, expect, it } from 'vitest';
import { notStartedCardApplication } from '../../../machines/cardApplicationViews';
import type { CardApplicationView } from '../../../src/contract/api/card';
import { todoItems, type AccountState } from '../../../src/web/features/gateway/todoItems';

const card = (patch: Partial<CardApplicationView>): CardApplicationView => ({
  ...notStartedCardApplication,
  ...patch,
});

const base: AccountState = {
  certificationStatus: 0,
  auditStatus: 0,
  certificationHasDraft: false,
  certificationReason: null,
  card: null,
};

const kinds = (state: Partial<AccountState>) =>
  todoItems({ ...base, ...state }).map((i) => `${i.kind} ${i.href}`);

describe('gateway to-do items', () => {
  it('certification: start, continue a draft, fix a rejection (with the reason)', () => {
    expect(kinds({})).toEqual(['startCertification /enterpriseCertification']);
    expect(kinds({ certificationHasDraft: true })).toEqual([
      'continueCertification /enterpriseCertification',
    ]);
    const fix = todoItems({
      ...base,
      certificationStatus: 1,
      auditStatus: 3,
      certificationReason: 'Blurry licence',
    });
    expect(fix).toEqual([
      { kind: 'fixCertification', href: '/enterpriseCertification', reason: 'Blurry licence' },
    ]);
  });

  it('nothing to do while certification is under review, or with no company yet', () => {
    expect(kinds({ certificationStatus: 1, auditStatus: 1 })).toEqual([]);
    expect(kinds({ certificationStatus: -1, auditStatus: null })).toEqual([]);
  });

  it('card application: start, continue a saved one, fix a rejected one; nothing under review or approved', () => {
    const certified = { certificationStatus: 2, auditStatus: 2 };
    expect(kinds({ ...certified, card: card({}) })).toEqual(['startCardApplication /issuingCardApplication']);
    expect(kinds({ ...certified, card: card({ status: 'saved' }) })).toEqual([
      'continueCardApplication /issuingCardApplication',
    ]);
    expect(
      todoItems({ ...base, ...certified, card: card({ status: 'rejected', reason: 'Wrong purpose' }) }),
    ).toEqual([{ kind: 'fixCardApplication', href: '/issuingCardApplication', reason: 'Wrong purpose' }]);
    // A revision request (docs/decisions/back-office.md "Card applications: flags, comments and a revision request") asks for a revision, not a re-application.
    expect(
      todoItems({ ...base, ...certified, card: card({ status: 'revision_requested', reason: 'Two fixes' }) }),
    ).toEqual([{ kind: 'reviseCardApplication', href: '/issuingCardApplication', reason: 'Two fixes' }]);
    expect(kinds({ ...certified, card: card({ status: 'under_review' }) })).toEqual([]);
    expect(kinds({ ...certified, card: card({ status: 'approved' }) })).toEqual([]);
    expect(kinds({ ...certified, card: card({ eligibility: 'entityNotSupported' }) })).toEqual([]);
  });
});
