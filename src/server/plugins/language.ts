// Every request gets its locale from the language header before anything else runs, so that even
// the answer to a malformed request is in the caller's language (docs/api-conventions.md "Answers").
import fp from 'fastify-plugin';
import { LANGUAGE_HEADER, localeFromLanguageHeader } from '../../contract/envelope';

export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('locale', 'zh-cn');
    app.decorateRequest('principal', null);
    // A callback, not an async function: no promise per request for a synchronous read.
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = localeFromLanguageHeader(request.headers[LANGUAGE_HEADER]);
      done();
    });
  },
  { name: 'language' },
);
