// Which request a piece of code is working for, readable anywhere below it (AsyncLocalStorage): the
// process-level error policy (process/faultPolicy.ts) logs and reports a fault that escaped every
// handler with the request it came from, when it came from one.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

export interface RequestContext {
  reqId: string;
  method: string;
  /** As received (the reporter masks its query values). */
  url: string;
  /** Set once the request runs under an Idempotency-Key (plugins/idempotency.ts): the key's hash,
   *  which one-time proofs (a captcha token, a password nonce) record when they are spent, so that
   *  the same request sent again after a cut may spend them again and no other request can. */
  idempotencyKeyHash?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request the running code was started for, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

let sequence = 0;
/**
 * Request ids unique across the workers and their restarts (Fastify's default `req-1` starts again
 * in each process): the process id and a counter, both base 36, e.g. `1f3k-2s`.
 */
export function generateRequestId(): string {
  sequence += 1;
  return `${process.pid.toString(36)}-${sequence.toString(36)}`;
}

function enter(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  storage.run({ reqId: request.id, method: request.method, url: request.url }, done);
}

/**
 * Entered at onRequest and again at preValidation: a request body arrives in socket events, which
 * run outside the context the first hook entered, so the handler would otherwise run without it.
 */
export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', enter);
    app.addHook('preValidation', enter);
  },
  { name: 'request-context' },
);
