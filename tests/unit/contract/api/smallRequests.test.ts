// The smaller request schemas of src/contract/api at unit level (issue 19 §2): column settings
// (spec §3, per-user table columns), the support message form, the business-status check (spec §7),
// the reviewer's field flags and comments, and a claim's reassignment. Bounds as the files state them.
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { reassignClaimRequest } from '../../../../src/contract/api/caseClaims';
import {
  columnSettingsListRequest,
  columnSettingsSaveRequest,
} from '../../../../src/contract/api/columnSettings';
import {
  CHECK_BUSINESS_STATUS_PATH,
  checkBusinessStatusRequest,
} from '../../../../src/contract/api/configManagement';
import { fieldCommentsRequest } from '../../../../src/contract/api/fieldComments';
import { fieldFlagRequest } from '../../../../src/contract/api/fieldFlags';
import { supportMessageRequest } from '../../../../src/contract/api/support';
import { messagesByPath } from '../support/issues';

const check = (schema: z.ZodType, input: unknown) => messagesByPath(schema, input);
const UUID = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const FIELD = 'completeCompanyInfo.postalCode';

describe('column settings', () => {
  const column = { key: 'companyName', visible: true, width: 120 };

  it('a menu key and up to 50 columns of a key, visibility and a width of 40–1200', () => {
    expect(check(columnSettingsListRequest, { menuKey: 'admin.certificationQueue' })).toEqual({});
    expect(check(columnSettingsListRequest, { menuKey: `m${'a._-'.repeat(15)}abc` })).toEqual({});
    expect(check(columnSettingsSaveRequest, { menuKey: 'loginHistory', fields: [] })).toEqual({});
    expect(check(columnSettingsSaveRequest, { menuKey: 'm', fields: Array(50).fill(column) })).toEqual({});
    expect(
      check(columnSettingsSaveRequest, {
        menuKey: 'm',
        fields: [
          { ...column, width: 40 },
          { ...column, width: 1200 },
          { key: `k${'_9'.repeat(31)}a`, visible: false },
        ],
      }),
    ).toEqual({});
    expect(check(columnSettingsSaveRequest, { menuKey: 'm', fields: Array(51).fill(column) })).not.toEqual(
      {},
    );
  });

  it.each(['', '1admin', '.admin', 'admin queue', 'admin/queue', `m${'a'.repeat(64)}`, ' admin'])(
    'refuses the menu key %j',
    (menuKey) => {
      expect(check(columnSettingsListRequest, { menuKey })).toEqual({ menuKey: ['field.invalid'] });
    },
  );

  it.each(['', '_key', 'company.name', 'company-name', 'company name', `k${'a'.repeat(64)}`, 'key!'])(
    'refuses the column key %j',
    (key) => {
      expect(check(columnSettingsSaveRequest, { menuKey: 'm', fields: [{ ...column, key }] })).toEqual({
        'fields.0.key': ['field.invalid'],
      });
    },
  );

  it('refuses widths outside 40–1200 and columns without visibility', () => {
    for (const width of [39, 1201, 100.5])
      expect(check(columnSettingsSaveRequest, { menuKey: 'm', fields: [{ ...column, width }] })).not.toEqual(
        {},
      );
    expect(check(columnSettingsSaveRequest, { menuKey: 'm', fields: [{ key: 'a' }] })).not.toEqual({});
    expect(check(columnSettingsSaveRequest, { fields: [] })).not.toEqual({});
  });
});

describe('support message', () => {
  const message = { email: ' User@Example.com ', message: ' Hello ' };

  it('an email to answer to, a message of 1–5000 characters and an optional topic of 1–200, trimmed', () => {
    expect(supportMessageRequest.parse({ ...message, topic: ' Card ' })).toEqual({
      email: 'user@example.com',
      message: 'Hello',
      topic: 'Card',
    });
    expect(
      check(supportMessageRequest, { ...message, message: 'm'.repeat(5000), topic: 't'.repeat(200) }),
    ).toEqual({});
  });

  it.each([
    [{ email: 'user.example.com' }, { email: ['email.format'] }],
    [
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com` },
      { email: ['email.format'] },
    ],
    [{ message: '  ' }, { message: ['field.required'] }],
    [{ message: 'm'.repeat(5001) }, { message: ['field.tooLong'] }],
    [{ topic: ' ' }, { topic: ['field.required'] }],
    [{ topic: 't'.repeat(201) }, { topic: ['field.tooLong'] }],
  ])('%j → %j', (change, messages) => {
    expect(check(supportMessageRequest, { ...message, ...change })).toEqual(messages);
  });
});

describe('business-status check (spec §7)', () => {
  it('posts a register link of 1–128 characters, trimmed', () => {
    expect(CHECK_BUSINESS_STATUS_PATH).toBe('/config-management/business-paramters/check-business-status');
    expect(checkBusinessStatusRequest.parse({ registerLink: ' abc ' })).toEqual({ registerLink: 'abc' });
    expect(check(checkBusinessStatusRequest, { registerLink: 'l'.repeat(128) })).toEqual({});
    expect(check(checkBusinessStatusRequest, { registerLink: '  ' })).toEqual({
      registerLink: ['field.required'],
    });
    expect(check(checkBusinessStatusRequest, { registerLink: 'l'.repeat(129) })).toEqual({
      registerLink: ['field.invalid'],
    });
    expect(check(checkBusinessStatusRequest, {})).not.toEqual({});
  });
});

describe("a reviewer's field flags and comments", () => {
  it('comments: 1–100 fields of the case, each with a comment of 1–2000 characters, trimmed', () => {
    const comment = { field: FIELD, comment: ' Wrong code ' };
    expect(fieldCommentsRequest.parse({ comments: [comment] })).toEqual({
      comments: [{ field: FIELD, comment: 'Wrong code' }],
    });
    expect(
      check(fieldCommentsRequest, { comments: Array(100).fill({ field: FIELD, comment: 'c'.repeat(2000) }) }),
    ).toEqual({});
    expect(check(fieldCommentsRequest, { comments: [] })).toEqual({ comments: ['field.required'] });
    expect(check(fieldCommentsRequest, { comments: Array(101).fill(comment) })).toEqual({
      comments: ['field.tooLong'],
    });
    expect(check(fieldCommentsRequest, { comments: [{ field: FIELD, comment: ' ' }] })).toEqual({
      'comments.0.comment': ['field.required'],
    });
    expect(check(fieldCommentsRequest, { comments: [{ field: FIELD, comment: 'c'.repeat(2001) }] })).toEqual({
      'comments.0.comment': ['field.tooLong'],
    });
    expect(check(fieldCommentsRequest, { comments: [{ field: 'nowhere.x', comment: 'c' }] })).toEqual({
      'comments.0.field': ['field.invalid'],
    });
    expect(check(fieldCommentsRequest, {})).not.toEqual({});
  });

  it('flags: a step, 1–100 fields and an optional comment up to 2000 characters, trimmed; nothing else', () => {
    const flag = { step: 'flag', fields: [FIELD] };
    expect(check(fieldFlagRequest, flag)).toEqual({});
    expect(fieldFlagRequest.parse({ ...flag, comment: ' note ' }).comment).toBe('note');
    expect(
      check(fieldFlagRequest, { ...flag, fields: Array(100).fill(FIELD), comment: 'c'.repeat(2000) }),
    ).toEqual({});
    expect(check(fieldFlagRequest, { ...flag, fields: [] })).toEqual({ fields: ['field.required'] });
    expect(check(fieldFlagRequest, { ...flag, fields: Array(101).fill(FIELD) })).toEqual({
      fields: ['field.tooLong'],
    });
    expect(check(fieldFlagRequest, { ...flag, comment: 'c'.repeat(2001) })).toEqual({
      comment: ['field.tooLong'],
    });
    expect(check(fieldFlagRequest, { ...flag, extra: 1 })).not.toEqual({});
    expect(check(fieldFlagRequest, { fields: [FIELD] })).not.toEqual({});
  });
});

describe('claim reassignment', () => {
  it('names the account by its id', () => {
    expect(check(reassignClaimRequest, { userId: UUID })).toEqual({});
    expect(check(reassignClaimRequest, { userId: 'bob' })).toEqual({ userId: ['field.invalid'] });
    expect(check(reassignClaimRequest, {})).not.toEqual({});
  });
});
