// Back-office roles (issue 21 §4) and what each may do, once: the server's route guard and the
// back-office pages read the same table. An account holds several roles (users.back_office_roles);
// what it may do is the union of its roles' permissions (docs/decisions/back-office.md "Back office: roles, four eyes").

export const BACK_OFFICE_ROLES = ['reviewer', 'approver', 'support', 'admin'] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

export const BACK_OFFICE_PERMISSIONS = [
  /** Queues, case views, documents. */
  'cases.read',
  /** Claim and release a case for oneself. */
  'cases.claim',
  /** Propose an approval, reject, request a revision, decide a referred face check. */
  'cases.decide',
  /** Confirm or decline someone else's approval proposal (the second pair of eyes). */
  'cases.confirm',
  /** Take a claim away from someone and give it to someone else. */
  'claims.reassign',
  /** Create, disable and assign roles to back-office accounts. */
  'accounts.manage',
  /** Partner registration links. */
  'partnerLinks.manage',
  /** The support replay page (support references pasted by users; nothing on the server). */
  'support.replay',
] as const;
export type BackOfficePermission = (typeof BACK_OFFICE_PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<BackOfficeRole, readonly BackOfficePermission[]> = {
  reviewer: ['cases.read', 'cases.claim', 'cases.decide', 'support.replay'],
  approver: ['cases.read', 'cases.claim', 'cases.confirm', 'claims.reassign', 'support.replay'],
  // Reads cases and support references; decides nothing, claims nothing.
  support: ['cases.read', 'support.replay'],
  // Manages accounts and links; sees the queues so that it can reassign claims.
  admin: ['cases.read', 'claims.reassign', 'accounts.manage', 'partnerLinks.manage', 'support.replay'],
};

export function isBackOfficeRole(value: unknown): value is BackOfficeRole {
  return (BACK_OFFICE_ROLES as readonly unknown[]).includes(value);
}

/** Whether an account with `roles` may do `permission`. */
export function rolesAllow(roles: readonly string[], permission: BackOfficePermission): boolean {
  return roles.some((role) => isBackOfficeRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}
