// Overload (issue 17 §2): when the worker is past what it can serve — its event loop lagging, its
// heap or memory near the limit — a new request is refused at once with 503, the `unavailable`
// envelope and Retry-After, instead of queueing behind the others and making every answer slow.
// Thresholds come from config (OVERLOAD_*); the defaults are far above what normal work reaches.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getHeapStatistics } from 'node:v8';
import type { OverloadConfig } from '../config';
import { envelope } from '../envelope';

/** When OVERLOAD_MAX_HEAP_USED_MB is 0: this share of V8's heap limit. */
const DEFAULT_HEAP_SHARE = 0.9;

export const overloadPlugin = fp(
  async (app: FastifyInstance, opts: { overload: OverloadConfig }) => {
    const { maxEventLoopDelayMs, maxHeapUsedBytes, maxRssBytes, retryAfterSeconds } = opts.overload;
    const heapLimit =
      maxHeapUsedBytes || Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE);
    // under-pressure sends what the handler returns and stops there (returning nothing would let
    // the request go on); its declared type says void, hence the separately typed function.
    const refuse = (
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
      value: number | undefined,
    ) => {
      request.log.warn({ type, value }, 'overloaded: request refused with 503');
      void reply.code(503).header('retry-after', String(retryAfterSeconds));
      return envelope(request, 'unavailable', null);
    };
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes: heapLimit,
      maxRssBytes,
      pressureHandler: refuse as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
    });
  },
  { name: 'overload' },
);
