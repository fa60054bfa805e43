// Companies, their users, sessions and the account-side records that must hold across API
// instances (docs/architecture.md "More than one instance"): nothing here lives in process memory.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BackOfficeRole } from '../../../contract/api/backOfficeRoles';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** CN, HK, SG, US, GB (docs/product-rules.md). Locked once certification confirms it. */
  location: text('location').notNull(),
  locationLocked: boolean('location_locked').notNull().default(false),
  /** Assigned when certification is approved (docs/product-rules.md "Operator id"). */
  operatorId: text('operator_id').unique(),
  /** 0 not certified / draft, 1 submitted, 2 completed; audit 1 under review, 2 approved, 3 rejected. */
  certificationStatus: integer('certification_status').notNull().default(0),
  auditStatus: integer('audit_status'),
  creditCode: text('credit_code'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for reviewers, who belong to no company. */
    companyId: uuid('company_id').references(() => companies.id),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** legalPerson, manager, employee, other (spec §3). Null for reviewers. */
    position: text('position'),
    phoneAreaCode: text('phone_area_code'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    /** The kind of account: 'reviewer' is any back-office account (the name predates roles). */
    role: text('role', { enum: ['applicant', 'reviewer'] })
      .notNull()
      .default('applicant'),
    /** What a back-office account may do (issue 21 §4): several of reviewer, approver, support,
     *  admin (BACK_OFFICE_ROLES of src/contract/api/backOfficeRoles.ts); empty for applicants. */
    backOfficeRoles: text('back_office_roles')
      .array()
      .$type<BackOfficeRole[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['inactive', 'active', 'disabled'] })
      .notNull()
      .default('inactive'),
    language: text('language', { enum: ['zh-cn', 'en-us'] })
      .notNull()
      .default('zh-cn'),
    invitationCode: text('invitation_code'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    createdAt: createdAt(),
    activatedAt: ts('activated_at'),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_company_idx').on(t.companyId)],
);

export const passwordHistory = pgTable(
  'password_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_idx').on(t.userId, t.createdAt)],
);

/** Opaque session tokens, stored only as a SHA-256 hash (docs/product-rules.md "Session"). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** Why it ended: 'logout', 'password', 'permissions' → the session-invalid code sent back. */
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Partner registration links, looked up by the business-status check (spec §7). */
export const partnerLinks = pgTable('partner_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  partnerName: text('partner_name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  disabledAt: ts('disabled_at'),
});

/** Table column settings per user and menu (spec §3, `/ums/user/menu/fields/*`). */
export const columnSettings = pgTable(
  'column_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    menuKey: text('menu_key').notNull(),
    fields: jsonb('fields')
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('column_settings_user_menu_unique').on(t.userId, t.menuKey)],
);

/** Security rate-limit counters, shared by every API instance (docs/architecture.md). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/** One-time nonces of the password transport (docs/product-rules.md): a replayed ciphertext finds its nonce here. */
export const passwordNonces = pgTable('password_nonces', {
  nonce: text('nonce').primaryKey(),
  usedAt: ts('used_at').notNull(),
  /** The idempotency key's hash of the request that spent it: that request sent again may open it
   *  again (plugins/idempotency.ts), any other may not. */
  usedBy: text('used_by'),
});
