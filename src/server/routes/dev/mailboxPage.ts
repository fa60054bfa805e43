// GET /plat/dev/mailbox/view: the dev mailbox for a human. Every value is escaped, and each
// message's HTML is shown in a sandboxed frame, where its scripts cannot run.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listReceivedMail, type StoredMail } from '../../mail/devMailbox/devMailboxStore';
import { escapeHtml } from '../../mail/templates/escapeHtml';
import { mailboxQuery } from './mailboxQuery';

function messageHtml(m: StoredMail): string {
  return (
    `<article><h2>${escapeHtml(m.subject || '(no subject)')}</h2>` +
    `<p class="meta">To ${escapeHtml(m.to)} · from ${escapeHtml(m.from)} · ` +
    `<time datetime="${m.receivedAt.toISOString()}">${m.receivedAt.toISOString()}</time> · ${escapeHtml(m.messageId)}</p>` +
    `<details open><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>` +
    (m.html
      ? `<details><summary>HTML</summary><iframe sandbox="" title="HTML part" srcdoc="${escapeHtml(m.html)}"></iframe></details>`
      : '') +
    `</article>`
  );
}

export async function mailboxPageRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dev/mailbox/view',
      { schema: { querystring: mailboxQuery, hide: true } },
      async (request, reply) => {
        const { to, page, pageSize } = request.query;
        const { items, total } = await listReceivedMail(app.db, { to, page, pageSize });
        const title = to ? `Dev mailbox: ${to}` : 'Dev mailbox';
        const body =
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
          `<style>body{font-family:sans-serif;margin:24px;max-width:960px}article{border-bottom:1px solid #ddd;padding:12px 0}` +
          `.meta{color:#666;font-size:12px}pre{white-space:pre-wrap}iframe{width:100%;height:360px;border:1px solid #ddd}</style></head>` +
          `<body><h1>${escapeHtml(title)}</h1><p>${total} message(s), page ${page}, newest first.</p>` +
          (items.length ? items.map(messageHtml).join('') : '<p>No mail yet.</p>') +
          `</body></html>`;
        return reply.type('text/html; charset=utf-8').send(body);
      },
    );
}
