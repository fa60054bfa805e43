// The card-application case on the same one-screen layout as certifications (issue 21 §1): the
// business purpose in words on the left, the supporting document in the viewer with its claim, the
// questionnaire as asked, and the decision column.
import type { ServerResponse } from 'node:http';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardApplicationCaseView } from '../../../src/contract/api/admin';
import { AdminCardApplicationQueuePage } from '../../../src/web/features/admin/AdminPages';
import { IMAGE_ID } from './fixtures';
import {
  bodiesOf,
  envelope,
  renderAdminPage,
  routeFetchTo,
  signInAsReviewer,
  startStubApi,
  type StubApi,
} from './renderAdmin';

const CARD_ID = '6a1f0c3e-0000-4000-8000-0000000000c1';
const CASE = `/plat/admin/card-applications/${CARD_ID}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const VIEW: CardApplicationCaseView = {
  id: CARD_ID,
  status: 'underReview',
  version: 1,
  allowedDecisions: ['approve', 'reject', 'requestRevision'],
  approval: { state: 'awaitingProposal', proposedBy: null, proposedAt: null, declined: null },
  claim: null,
  company: {
    id: 'c-1',
    name: 'Harbour Trading Ltd',
    location: 'HK',
    operatorId: 'OP12345678',
    creditCode: null,
  },
  applicant: null,
  submittedAt: '2026-01-01T08:00:00.000Z',
  businessPurpose: 'crossBorderEcommerce',
  document: {
    fileId: IMAGE_ID,
    kind: 'cardApplication',
    contentType: 'image/png',
    name: 'invoice.png',
    size: 10,
    fieldPath: 'uploadRelevantInfo.fileId',
    deleted: false,
  },
  questionnaire: [
    {
      questionId: 'q1',
      kind: 'text',
      title: { 'zh-cn': '月交易量', 'en-us': 'Monthly volume' },
      answer: 'About 10 000 USD',
      answerLabels: [],
    },
  ],
  steps: [
    {
      stepId: 'selectBusinessPurpose',
      fields: [
        {
          path: 'selectBusinessPurpose.businessPurpose',
          fieldPath: 'businessPurpose',
          value: 'crossBorderEcommerce',
          fileId: null,
        },
      ],
    },
    {
      stepId: 'uploadRelevantInfo',
      fields: [{ path: 'uploadRelevantInfo.fileId', fieldPath: 'fileId', value: IMAGE_ID, fileId: IMAGE_ID }],
    },
  ],
  reason: null,
  decidedAt: null,
  decidedBy: null,
  history: [],
};

let server: StubApi;
let unroute: () => void;

beforeAll(async () => {
  server = await startStubApi();
  unroute = routeFetchTo(server);
  URL.createObjectURL = () => 'blob:http://localhost/card';
  URL.revokeObjectURL = () => undefined;
});
afterAll(async () => {
  unroute();
  await server.close();
});
beforeEach(() => {
  server.reset();
  signInAsReviewer();
  server.answer(CASE, envelope(200, VIEW));
  server.answer(`/plat/files/${IMAGE_ID}`, (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG);
  });
});
afterEach(cleanup);

describe('card-application case view', { timeout: 30_000 }, () => {
  it('shows the purpose in words, the document in the viewer, the questionnaire and the decision', async () => {
    renderAdminPage(AdminCardApplicationQueuePage, `/admin/cardApplications?case=${CARD_ID}`);
    const data = await screen.findByTestId('case-data');
    expect(within(data).getByText('Cross-border e-commerce')).toBeTruthy();
    expect(within(data).queryByText('crossBorderEcommerce')).toBeNull();
    expect(within(data).getByRole('table', { name: 'Questionnaire' }).textContent).toContain(
      'About 10 000 USD',
    );
    const viewer = screen.getByRole('region', { name: 'Document viewer' });
    expect(within(viewer).getByText('Document 1 of 1')).toBeTruthy();
    expect(await within(viewer).findByRole('img', { name: 'invoice.png' })).toBeTruthy();
    expect(within(screen.getByTestId('case-decision')).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  // Issue 21 §1 for cards (docs/decisions/back-office.md "Card applications: flags, comments and a revision request"): flag the purpose and a question from
  // where they are shown, comment on the question, request a revision — on the card's own paths.
  it('flags a field and a question with a comment and requests a revision', async () => {
    server.answer(`${CASE}/field-flags`, envelope(200, { recordedAt: '2026-01-02T00:00:00Z' }));
    server.answer(
      `${CASE}/field-comments`,
      envelope(200, { recorded: 1, recordedAt: '2026-01-02T00:00:00Z' }),
    );
    server.answer(
      `${CASE}/request-revision`,
      envelope(200, {
        id: CARD_ID,
        status: 'revisionRequested',
        version: 2,
        decidedAt: '2026-01-02T00:00:00Z',
      }),
    );
    renderAdminPage(AdminCardApplicationQueuePage, `/admin/cardApplications?case=${CARD_ID}`);
    await screen.findByTestId('case-data');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Flag Business purpose for revision' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Flag Monthly volume for revision' }));
    const commentBox = await screen.findByRole('textbox', { name: 'Comment on Monthly volume' });
    fireEvent.change(commentBox, { target: { value: 'Give the figure in USD per month' } });
    fireEvent.blur(commentBox);
    fireEvent.change(screen.getByLabelText(/Comment for the applicant/), { target: { value: 'Two fixes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request a revision' }));
    expect(await screen.findByText('Ask the applicant to revise 2 flagged item(s)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Decision recorded. The applicant is informed by email.');
    // Sent as they happen, so they may arrive in any order.
    const flagSteps = bodiesOf(server, `${CASE}/field-flags`);
    expect(flagSteps).toHaveLength(3);
    expect(flagSteps).toEqual(
      expect.arrayContaining([
        { step: 'flag', fields: ['selectBusinessPurpose.businessPurpose'] },
        { step: 'flag', fields: ['questionnaire.q1'] },
        { step: 'comment', fields: ['questionnaire.q1'], comment: 'Give the figure in USD per month' },
      ]),
    );
    expect(bodiesOf(server, `${CASE}/field-comments`)).toEqual([
      { comments: [{ field: 'questionnaire.q1', comment: 'Give the figure in USD per month' }] },
    ]);
    expect(bodiesOf(server, `${CASE}/request-revision`)).toEqual([
      {
        version: 1,
        fields: ['selectBusinessPurpose.businessPurpose', 'questionnaire.q1'],
        comment: 'Two fixes',
      },
    ]);
  });

  it('offers no flags when the case cannot be sent back for revision', async () => {
    server.answer(CASE, envelope(200, { ...VIEW, allowedDecisions: ['approve', 'reject'] }));
    renderAdminPage(AdminCardApplicationQueuePage, `/admin/cardApplications?case=${CARD_ID}`);
    await screen.findByTestId('case-data');
    expect(screen.queryByRole('checkbox', { name: 'Flag Monthly volume for revision' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request a revision' })).toBeNull();
  });

  // Issue 21 §1 "a re-submitted case highlights what changed since the last round", for cards.
  it('a re-submitted case lists and marks what changed since the last round', async () => {
    const submit = (id: string, at: string) => ({
      id,
      source: 'lifecycle' as const,
      action: 'applicant.submit',
      fromState: 'saved',
      toState: 'under_review',
      actor: null,
      reason: null,
      flaggedFields: [],
      comment: null,
      at,
    });
    server.answer(
      CASE,
      envelope(200, {
        ...VIEW,
        history: [submit('h1', '2026-01-01T08:00:00.000Z'), submit('h2', '2026-01-03T08:00:00.000Z')],
      }),
    );
    server.answer(
      `${CASE}/changes`,
      envelope(200, {
        previousSubmittedAt: '2026-01-01T08:00:00.000Z',
        submittedAt: '2026-01-03T08:00:00.000Z',
        changes: [
          {
            path: 'selectBusinessPurpose.businessPurpose',
            kind: 'changed',
            before: 'advertising',
            after: 'crossBorderEcommerce',
          },
          { path: 'questionnaire.q1', kind: 'changed', before: 'About 5 000 USD', after: 'About 10 000 USD' },
        ],
      }),
    );
    renderAdminPage(AdminCardApplicationQueuePage, `/admin/cardApplications?case=${CARD_ID}`);
    const alert = await screen.findByTestId('round-changes');
    expect(alert.querySelectorAll('[data-change="changed"]')).toHaveLength(2);
    const data = screen.getByTestId('case-data');
    expect(
      data.querySelector('[data-path="selectBusinessPurpose.businessPurpose"]')?.getAttribute('data-changed'),
    ).toBe('changed');
    expect(data.querySelector('[data-path="questionnaire.q1"]')?.getAttribute('data-changed')).toBe('true');
  });
});
