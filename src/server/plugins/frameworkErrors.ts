// Refusals Fastify makes before any hook or route runs, so the error handler never sees them: a
// path whose %-escapes do not decode or a path parameter longer than the router takes
// (`frameworkErrors`), and bytes the HTTP parser cannot read as a request (`clientErrorHandler`).
// Fastify's defaults answer its own JSON; these answer the envelope (docs/api-conventions.md "Answers").
// Both are Fastify constructor options: buildApp passes them.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Codes, type CodeName } from '../../contract/codes';
import { DEFAULT_LOCALE, LANGUAGE_HEADER, localeFromLanguageHeader } from '../../contract/envelope';
import { envelope } from '../envelope';

export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No onRequest hook ran, so the language plugin has not read the header yet.
  request.locale = localeFromLanguageHeader(request.headers[LANGUAGE_HEADER]);
  // A parameter too long to be an id names nothing: the same 404 as an unknown id (docs/api-conventions.md).
  // Fastify calls this synchronously and ignores its result; send() only queues the answer.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send(envelope(request, 'notFound', null));
    return;
  }
  void reply.code(400).send(envelope(request, 'validationFailed', null));
}

const CLIENT_ERRORS: Record<string, { status: number; code: CodeName }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'validationFailed' },
  HPE_HEADER_OVERFLOW: { status: 431, code: 'tooLarge' },
};

/** Raw HTTP on the socket: there is no request to answer through, and no language header read. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, code: 'validationFailed' };
  if (socket.writable) {
    const body = JSON.stringify({ code: Codes[code].code, msg: Codes[code][DEFAULT_LOCALE], data: null });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
