// Building the `{code, msg, data}` answer with a message in the caller's language.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Codes, type CodeName } from '../contract/codes';
import type { Envelope } from '../contract/envelope';

export function envelope<T>(request: FastifyRequest, codeName: CodeName, data: T): Envelope<T> {
  const entry = Codes[codeName];
  return { code: entry.code, msg: entry[request.locale], data };
}

/** A successful answer: HTTP 200, code 200, the data. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return envelope(request, 'ok', data);
}

/** A business outcome the page handles (docs/api-conventions.md: HTTP 200 with its own code). */
export function outcome<T>(reply: FastifyReply, codeName: CodeName, data: T): Envelope<T> {
  void reply.code(200);
  return envelope(reply.request, codeName, data);
}
