// The back-office API's request schemas and path helper (src/contract/api/admin.ts) at unit level:
// the queue filters (issue 21 §2), the decisions' bodies, flagged-field paths and partner links,
// each at its bound with the message id the envelope answers (AdminLimits; issue 19 §2: the file's
// mutants had no covering test in the lean set).
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  AdminPaths,
  adminPath,
  approveRequest,
  cardQueueQuery,
  certificationQueueQuery,
  createPartnerLinkRequest,
  declineApprovalRequest,
  faceOverrideRequest,
  flaggedFieldPath,
  partnerLinkQuery,
  rejectRequest,
  requestRevisionRequest,
} from '../../../../src/contract/api/admin';
import { messagesByPath } from '../support/issues';

const UUID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

function check(schema: z.ZodType, input: unknown) {
  return messagesByPath(schema, input);
}

describe('adminPath', () => {
  it('fills in the case id and the link code, encoded', () => {
    expect(adminPath(AdminPaths.certificationApprove, { id: UUID })).toBe(
      `/admin/certifications/${UUID}/approve`,
    );
    expect(adminPath(AdminPaths.partnerLinkDisable, { code: 'a b/c' })).toBe(
      '/admin/partner-links/a%20b%2Fc/disable',
    );
    expect(adminPath(AdminPaths.certificationCase, {})).toBe('/admin/certifications/');
    expect(adminPath(AdminPaths.partnerLinkDisable, {})).toBe('/admin/partner-links//disable');
  });
});

describe.each([
  ['certification', certificationQueueQuery],
  ['card application', cardQueueQuery],
])('%s queue query', (_kind, query) => {
  it('defaults: page 1 of 20, oldest first', () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 20, sort: 'oldest' });
  });

  it('accepts every filter at its bounds', () => {
    const all = {
      status: 'underReview',
      location: 'SG',
      from: '2025-01-01T00:00:00+08:00',
      to: '2025-12-31T23:59:59.999+08:00',
      q: ` ${'a'.repeat(200)} `,
      assignee: UUID,
      companyType: 'listed',
      minAgeDays: '3650',
      approval: 'proposed',
      sort: 'companyName',
      page: '2',
      pageSize: '100',
    };
    expect(check(query, all)).toEqual({});
    const parsed = query.parse(all);
    expect(parsed.q).toBe('a'.repeat(200));
    expect([parsed.minAgeDays, parsed.page, parsed.pageSize]).toEqual([3650, 2, 100]);
    for (const assignee of ['me', 'unassigned']) expect(check(query, { assignee })).toEqual({});
    expect(check(query, { minAgeDays: '0', pageSize: '1' })).toEqual({});
  });

  it.each([
    ['status', 'draft', 'field.select'],
    ['location', 'JP', 'field.select'],
    ['from', '2025-01-01', 'date.format'],
    ['to', '2025-01-01T00:00:00', 'date.format'],
    ['q', 'a'.repeat(201), 'field.tooLong'],
    ['assignee', 'someone', 'field.invalid'],
    ['companyType', 'cooperative', 'field.select'],
    ['minAgeDays', '1.5', 'field.invalid'],
    ['minAgeDays', '-1', 'field.invalid'],
    ['minAgeDays', '3651', 'field.invalid'],
    ['approval', 'approved', 'field.select'],
    ['sort', 'random', 'field.select'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(check(query, { [field]: value })).toEqual({ [field]: [message] });
  });

  it('an assignee that is neither a keyword nor an account id, or not text at all, is "invalid"', () => {
    expect(check(query, { assignee: 42 })).toEqual({ assignee: ['field.invalid'] });
  });

  it('refuses page 0 and page sizes outside 1–100', () => {
    for (const paging of [{ page: '0' }, { pageSize: '0' }, { pageSize: '101' }])
      expect(check(query, paging)).not.toEqual({});
  });
});

describe('partner links', () => {
  it('the list pages as the queues do', () => {
    expect(partnerLinkQuery.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(check(partnerLinkQuery, { page: '0' })).not.toEqual({});
    expect(check(partnerLinkQuery, { pageSize: '101' })).not.toEqual({});
  });

  it('a partner name of 1–200 characters and an optional code of 4–64 URL-safe characters', () => {
    expect(check(createPartnerLinkRequest, { partnerName: ` ${'P'.repeat(200)} ` })).toEqual({});
    expect(check(createPartnerLinkRequest, { partnerName: 'P', code: ` ${'a'.repeat(64)} ` })).toEqual({});
    expect(check(createPartnerLinkRequest, { partnerName: 'P', code: 'aZ0_-' })).toEqual({});
    expect(check(createPartnerLinkRequest, { partnerName: 'P', code: null })).toEqual({});
    expect(createPartnerLinkRequest.parse({ partnerName: ' P ', code: ' abcd ' })).toEqual({
      partnerName: 'P',
      code: 'abcd',
    });
  });

  it.each([
    [{ partnerName: '  ' }, { partnerName: ['field.required'] }],
    [{ partnerName: 'P'.repeat(201) }, { partnerName: ['field.tooLong'] }],
    [{ partnerName: 'P', code: 'abc' }, { code: ['field.invalid'] }],
    [{ partnerName: 'P', code: 'a'.repeat(65) }, { code: ['field.tooLong'] }],
    [{ partnerName: 'P', code: 'ab cd' }, { code: ['field.invalid'] }],
    [{ partnerName: 'P', code: '/abcd' }, { code: ['field.invalid'] }],
    [{ partnerName: 'P', code: 'abcd?' }, { code: ['field.invalid'] }],
    [{ partnerName: 'P', code: '合作伙伴代码' }, { code: ['field.invalid'] }],
  ])('%j → %j', (body, messages) => {
    expect(check(createPartnerLinkRequest, body)).toEqual(messages);
  });
});

describe('decisions', () => {
  it('carry the case version the reviewer saw: a whole number from 0', () => {
    expect(check(approveRequest, { version: 0 })).toEqual({});
    expect(check(approveRequest, { version: -1 })).not.toEqual({});
    expect(check(approveRequest, { version: 1.5 })).not.toEqual({});
    expect(check(approveRequest, {})).not.toEqual({});
  });

  it.each([
    ['reject', rejectRequest, 'reason'],
    ['decline an approval', declineApprovalRequest, 'reason'],
  ] as const)('%s: a reason of 1–2000 characters after trimming', (_kind, schema, key) => {
    expect(check(schema, { version: 3, [key]: ` ${'r'.repeat(2000)} ` })).toEqual({});
    expect((schema.parse({ version: 3, [key]: ' why ' }) as Record<string, unknown>)[key]).toBe('why');
    expect(check(schema, { version: 3, [key]: '   ' })).toEqual({ [key]: ['field.required'] });
    expect(check(schema, { version: 3, [key]: 'r'.repeat(2001) })).toEqual({ [key]: ['field.tooLong'] });
    expect(check(schema, { [key]: 'why' })).not.toEqual({});
  });

  it('a revision request flags 1–100 fields of the case with a comment of 1–2000 characters', () => {
    const body = { version: 1, fields: ['completeCompanyInfo.postalCode'], comment: ' Fix it ' };
    expect(check(requestRevisionRequest, body)).toEqual({});
    expect(requestRevisionRequest.parse(body).comment).toBe('Fix it');
    expect(check(requestRevisionRequest, { ...body, fields: Array(100).fill('questionnaire.q1') })).toEqual(
      {},
    );
    expect(check(requestRevisionRequest, { ...body, comment: 'c'.repeat(2000) })).toEqual({});
    expect(check(requestRevisionRequest, { ...body, fields: [] })).toEqual({ fields: ['field.required'] });
    expect(check(requestRevisionRequest, { ...body, fields: Array(101).fill('questionnaire.q1') })).toEqual({
      fields: ['field.tooLong'],
    });
    expect(check(requestRevisionRequest, { ...body, comment: ' ' })).toEqual({ comment: ['field.required'] });
    expect(check(requestRevisionRequest, { ...body, comment: 'c'.repeat(2001) })).toEqual({
      comment: ['field.tooLong'],
    });
    expect(check(requestRevisionRequest, { ...body, version: undefined })).not.toEqual({});
  });

  it('a flagged field is "<step>.<path>" of a certification or card step, at most 200 characters', () => {
    for (const path of [
      'selectLocationCompany.location',
      'uploadBeneficiaryInfo.beneficiaries.0.surnameEnglish',
      'uploadOtherInfo.files',
      'selectBusinessPurpose.purpose',
      'uploadRelevantInfo.file_1',
      `questionnaire.${'q'.repeat(186)}`,
    ])
      expect(check(flaggedFieldPath, path)).toEqual({});
    expect(`questionnaire.${'q'.repeat(186)}`).toHaveLength(200);
    expect(check(flaggedFieldPath, `questionnaire.${'q'.repeat(187)}`)).toEqual({ '': ['field.tooLong'] });
    for (const path of [
      'companyInfo.postalCode',
      'questionnaire',
      'questionnaire.',
      'questionnaire.a..b',
      'questionnaire.a-b',
      '|.x',
    ])
      expect(check(flaggedFieldPath, path)).toEqual({ '': ['field.invalid'] });
  });

  it('a face override is confirm or reject, with a reason of 10–2000 characters after trimming', () => {
    const reason = 'The photo matches the passport.';
    expect(check(faceOverrideRequest, { decision: 'confirm', reason })).toEqual({});
    expect(check(faceOverrideRequest, { decision: 'reject', reason: ` ${'r'.repeat(10)} ` })).toEqual({});
    expect(check(faceOverrideRequest, { decision: 'approve', reason })).toEqual({
      decision: ['field.select'],
    });
    expect(check(faceOverrideRequest, { decision: 'confirm' })).toEqual({ reason: ['reasonRequired'] });
    expect(check(faceOverrideRequest, { decision: 'confirm', reason: '   ' })).toEqual({
      reason: ['reasonRequired', 'reasonTooShort'],
    });
    expect(check(faceOverrideRequest, { decision: 'confirm', reason: 'r'.repeat(9) })).toEqual({
      reason: ['reasonTooShort'],
    });
  });
});
