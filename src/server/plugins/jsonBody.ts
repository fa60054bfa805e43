// The one JSON body parser (issue 22 §1): Fastify's own (secure-json-parse, proto poisoning
// refused), preceded by a single pass over the text that refuses bodies nested deeper or holding
// more members than Limits.json allows — with jsonTooComplex (400), before the text becomes
// objects, before any route or schema sees it, so no route can forget the check. Deep JSON used to
// pass validation as a free-form draft and then overflow the stack when stored or read back.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_BOUNDS, jsonTextWithin } from '../../contract/validators/jsonBounds';
import { AppError } from '../errors';

export const jsonBodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (!jsonTextWithin(text, JSON_BOUNDS)) {
        done(new AppError('jsonTooComplex', 400), undefined);
        return;
      }
      // Fastify's parser answers through `done`; its return value carries nothing.
      void parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
