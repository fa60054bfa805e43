// What the plugins add to Fastify, declared once so every plugin and route sees the same shapes.
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Pool } from 'pg';
import type { BackOfficeRole } from '../contract/api/backOfficeRoles';
import type { Locale } from '../contract/envelope';
import type { AppConfig } from './config';
import type * as schema from './db/schema/index';

export type Db = NodePgDatabase<typeof schema>;
/** A drizzle transaction or the database itself: services accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The clock every rule with a time limit reads; tests inject one they can move. */
export interface Clock {
  now(): Date;
}

export interface Principal {
  userId: string;
  sessionId: string;
  email: string;
  role: 'applicant' | 'reviewer';
  /** A back-office account's roles, resolved with the session (a change applies at once on every
   *  worker: security/sessionCache/); empty for applicants. */
  roles: readonly BackOfficeRole[];
  /** Null for reviewers. */
  companyId: string | null;
  locale: Locale;
}

/** A route hook that lets the request on or answers it with the envelope's error. */
export type RoleHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
    db: Db;
    pool: Pool;
    /** Hooks for `onRequest` (or `preHandler`): reject with the envelope unless the caller is
     *  signed in with that role. Callback hooks: no promise per request for a synchronous check. */
    requireSignedIn: RoleHook;
    requireApplicant: RoleHook;
    requireReviewer: RoleHook;
  }
  interface FastifyRequest {
    /** From the language header: '0' → zh-cn, anything else → en-us (spec §1). */
    locale: Locale;
    /** Set by the auth plugin when a valid session token came with the request. */
    principal: Principal | null;
  }
}
