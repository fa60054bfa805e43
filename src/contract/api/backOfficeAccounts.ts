// Back-office accounts (issue 21 §4): an admin lists, creates, disables, enables and assigns roles
// to the accounts that sign in to the back office. Every path needs the 'accounts.manage'
// permission (admin). A new account gets a set-password mail (the reset-password link) and signs in
// at /login like anyone; the CLI (`npm run admin -- create-reviewer`) makes the first admin.
import { z } from 'zod';
import { BACK_OFFICE_ROLES, type BackOfficeRole } from './backOfficeRoles';

export const BackOfficeAccountLimits = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  pageSizeDefault: 50,
  pageSizeMax: 100,
} as const;

export const BackOfficeAccountPaths = {
  /** GET BackOfficeAccountQuery → Page<BackOfficeAccount> (by email). */
  list: '/admin/accounts',
  /** POST CreateBackOfficeAccountRequest → BackOfficeAccount | accountEmailTaken (409) | validationFailed. */
  create: '/admin/accounts',
  /** POST SetBackOfficeRolesRequest → BackOfficeAccount | ownAdminAccount (409) | 404. */
  setRoles: '/admin/accounts/:id/roles',
  /** POST (empty) → BackOfficeAccount; its sessions end at once | ownAdminAccount (409) | 404. */
  disable: '/admin/accounts/:id/disable',
  /** POST (empty) → BackOfficeAccount | 404. */
  enable: '/admin/accounts/:id/enable',
} as const;

export function backOfficeAccountPath(path: string, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}

/** At least one role, each once. */
export const backOfficeRolesField = z
  .array(z.enum(BACK_OFFICE_ROLES, 'field.select'))
  .min(1, 'field.required')
  .max(BACK_OFFICE_ROLES.length, 'field.invalid')
  .transform((roles) => [...new Set(roles)]);

const name = z
  .string()
  .trim()
  .min(1, 'field.required')
  .max(BackOfficeAccountLimits.nameMaxLength, 'field.tooLong');

export const createBackOfficeAccountRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(BackOfficeAccountLimits.emailMaxLength, 'email.format')
    .pipe(z.email('email.format')),
  firstName: name,
  lastName: name,
  language: z.enum(['zh-cn', 'en-us'], 'field.select').default('zh-cn'),
  roles: backOfficeRolesField,
});
export type CreateBackOfficeAccountRequest = z.input<typeof createBackOfficeAccountRequest>;

export const setBackOfficeRolesRequest = z.object({ roles: backOfficeRolesField });
export type SetBackOfficeRolesRequest = z.input<typeof setBackOfficeRolesRequest>;

export const backOfficeAccountQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(BackOfficeAccountLimits.pageSizeMax)
    .default(BackOfficeAccountLimits.pageSizeDefault),
});

export interface BackOfficeAccount {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: BackOfficeRole[];
  /** 'active' signs in; 'disabled' does not (its sessions ended when it was disabled). */
  status: 'active' | 'disabled' | 'inactive';
  createdAt: string;
}
