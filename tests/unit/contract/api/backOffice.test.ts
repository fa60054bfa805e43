// Back-office roles and accounts (issue 21 §4; docs/decisions/back-office.md "Back office: roles, four eyes,
// claims and queues": what each role allows, an account holds several roles and may do the union of
// their permissions) and the account requests, at unit level (issue 19 §2).
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  backOfficeAccountPath,
  BackOfficeAccountPaths,
  backOfficeAccountQuery,
  createBackOfficeAccountRequest,
  setBackOfficeRolesRequest,
} from '../../../../src/contract/api/backOfficeAccounts';
import {
  BACK_OFFICE_PERMISSIONS,
  BACK_OFFICE_ROLES,
  isBackOfficeRole,
  rolesAllow,
} from '../../../../src/contract/api/backOfficeRoles';
import { messagesByPath } from '../support/issues';

const check = (schema: z.ZodType, input: unknown) => messagesByPath(schema, input);

/** The decision's table: role → what it may do. */
const ALLOWED: Record<string, string[]> = {
  reviewer: ['cases.read', 'cases.claim', 'cases.decide', 'support.replay'],
  approver: ['cases.read', 'cases.claim', 'cases.confirm', 'claims.reassign', 'support.replay'],
  support: ['cases.read', 'support.replay'],
  admin: ['cases.read', 'claims.reassign', 'accounts.manage', 'partnerLinks.manage', 'support.replay'],
};

describe('back-office roles', () => {
  it.each(
    BACK_OFFICE_ROLES.flatMap((role) =>
      BACK_OFFICE_PERMISSIONS.map((permission) => [role, permission] as const),
    ),
  )('%s may %s as the decision says', (role, permission) => {
    expect(rolesAllow([role], permission)).toBe(ALLOWED[role]!.includes(permission));
  });

  it('an account may do what any of its roles allows; unknown roles allow nothing', () => {
    expect(rolesAllow(['support', 'admin'], 'accounts.manage')).toBe(true);
    expect(rolesAllow(['support', 'reviewer'], 'cases.decide')).toBe(true);
    expect(rolesAllow([], 'cases.read')).toBe(false);
    expect(rolesAllow(['superuser', 'applicant'], 'cases.read')).toBe(false);
  });

  it('the roles are reviewer, approver, support and admin', () => {
    for (const role of ['reviewer', 'approver', 'support', 'admin'])
      expect(isBackOfficeRole(role)).toBe(true);
    for (const value of ['applicant', 'Admin', '', 1, null, undefined])
      expect(isBackOfficeRole(value)).toBe(false);
  });
});

describe('back-office account requests', () => {
  const account = {
    email: 'Reviewer@Example.com ',
    firstName: ' Li ',
    lastName: 'Wei',
    roles: ['reviewer', 'approver'],
  };

  it('creates an account with a lower-cased email, trimmed names, Chinese by default and its roles once each', () => {
    expect(
      createBackOfficeAccountRequest.parse({ ...account, roles: ['reviewer', 'approver', 'reviewer'] }),
    ).toEqual({
      email: 'reviewer@example.com',
      firstName: 'Li',
      lastName: 'Wei',
      language: 'zh-cn',
      roles: ['reviewer', 'approver'],
    });
    expect(createBackOfficeAccountRequest.parse({ ...account, language: 'en-us' }).language).toBe('en-us');
    expect(createBackOfficeAccountRequest.parse({ ...account, language: 'zh-cn' }).language).toBe('zh-cn');
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(
      check(createBackOfficeAccountRequest, {
        ...account,
        email: long,
        firstName: 'F'.repeat(100),
        lastName: ` ${'L'.repeat(100)} `,
      }),
    ).toEqual({});
  });

  it.each([
    [{ email: 'reviewer.example.com' }, { email: ['email.format'] }],
    [
      { email: `a${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com` },
      { email: ['email.format'] },
    ],
    [{ firstName: '  ' }, { firstName: ['field.required'] }],
    [{ lastName: 'L'.repeat(101) }, { lastName: ['field.tooLong'] }],
    [{ language: 'fr-fr' }, { language: ['field.select'] }],
    [{ roles: [] }, { roles: ['field.required'] }],
    [{ roles: ['owner'] }, { 'roles.0': ['field.select'] }],
    [{ roles: ['reviewer', 'approver', 'support', 'admin', 'reviewer'] }, { roles: ['field.invalid'] }],
  ])('%j → %j', (change, messages) => {
    expect(check(createBackOfficeAccountRequest, { ...account, ...change })).toEqual(messages);
  });

  it('setting roles takes the same list: at least one, each once', () => {
    expect(setBackOfficeRolesRequest.parse({ roles: ['admin', 'admin'] })).toEqual({ roles: ['admin'] });
    expect(check(setBackOfficeRolesRequest, { roles: ['reviewer', 'approver', 'support', 'admin'] })).toEqual(
      {},
    );
    expect(check(setBackOfficeRolesRequest, { roles: [] })).toEqual({ roles: ['field.required'] });
    expect(check(setBackOfficeRolesRequest, {})).not.toEqual({});
  });

  it('the account list pages from 1, 50 a page by default, at most 100', () => {
    expect(backOfficeAccountQuery.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(backOfficeAccountQuery.parse({ page: '2', pageSize: '100' })).toEqual({ page: 2, pageSize: 100 });
    expect(check(backOfficeAccountQuery, { pageSize: '1' })).toEqual({});
    for (const paging of [{ page: '0' }, { pageSize: '0' }, { pageSize: '101' }])
      expect(check(backOfficeAccountQuery, paging)).not.toEqual({});
  });

  it('paths take the account id, encoded', () => {
    expect(backOfficeAccountPath(BackOfficeAccountPaths.setRoles, 'a/b')).toBe('/admin/accounts/a%2Fb/roles');
  });
});
