// Without SMTP_URL the outbox delivers over real SMTP to the built-in dev mailbox, which stores
// what it receives; /plat/dev/mailbox lists it (JSON) and /plat/dev/mailbox/view shows it (HTML).
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Time } from '../../../src/contract/limits';
import type { DevMailboxItem } from '../../../src/server/routes/dev/mailbox';
import { createTestApp, type TestApp } from '../../support/testApp';
import { startSmtpPeer, waitFor, type SmtpPeer } from './smtpPeer';

interface MailboxPage {
  code: number;
  data: { items: DevMailboxItem[]; total: number; page: number; pageSize: number };
}

describe('dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const mailbox = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/plat/dev/mailbox?${query}`,
      headers: { language: '1' },
    });
    return { status: res.statusCode, body: res.json() as MailboxPage };
  };

  it('listens on 127.0.0.1 and receives the outbox mail over SMTP; the JSON endpoint lists it', async () => {
    expect(t.app.mail.devMailboxUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await t.app.db.transaction((tx) =>
      t.app.mail.enqueue(tx, {
        to: 'Dev.User@Example.com',
        locale: 'zh-cn',
        template: 'registrationCode',
        vars: { code: '246810' },
      }),
    );
    const page = await waitFor(async () => {
      const { body } = await mailbox('to=dev.user@example.com');
      return body.data.total === 1 ? body : undefined;
    }, 'the mail in the dev mailbox');
    expect(page.code).toBe(200);
    const [item] = page.data.items;
    expect(item!.to).toBe('dev.user@example.com');
    expect(item!.subject).toBe('注册验证码：246810');
    expect(item!.text).toContain('246810');
    expect(item!.html).toContain('246810');
    expect(item!.messageId).toMatch(/^<outbox\.[0-9a-f-]{36}@portal\.localhost>$/);
    expect(new Date(item!.receivedAt).toISOString()).toBe(item!.receivedAt);
    expect({ page: page.data.page, pageSize: page.data.pageSize }).toEqual({ page: 1, pageSize: 20 });
  });

  it('lists newest first, pages, and filters by recipient', async () => {
    const to = 'order@example.com';
    for (const code of ['111111', '222222', '333333']) {
      await t.app.mail.enqueue(t.app.db, {
        to,
        locale: 'en-us',
        template: 'registrationCode',
        vars: { code },
      });
      await waitFor(
        async () => (await mailbox(`to=${to}`)).body.data.items.some((i) => i.text.includes(code)),
        code,
      );
      t.clock.advance(Time.SECOND);
    }
    const all = (await mailbox(`to=${to}`)).body.data;
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.subject)).toEqual([
      'Your registration code: 333333',
      'Your registration code: 222222',
      'Your registration code: 111111',
    ]);
    const second = (await mailbox(`to=${to}&page=2&pageSize=2`)).body.data;
    expect(second.items.map((i) => i.subject)).toEqual(['Your registration code: 111111']);
    expect(second.total).toBe(3);
    expect((await mailbox('to=nobody@example.com')).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('answers bad query parameters with a 400 envelope, not a fault', async () => {
    for (const query of ['to=not-an-email', 'page=0', 'pageSize=1000', 'page=abc']) {
      const res = await mailbox(query);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(100400);
    }
  });

  it('stores a repeated delivery of one message (same Message-ID) once', async () => {
    const transport = nodemailer.createTransport({ url: t.app.mail.devMailboxUrl! });
    const message = {
      from: 'x@example.com',
      to: 'twice@example.com',
      subject: 'Once only',
      text: 'hello',
      messageId: '<repeat.1@portal.localhost>',
    };
    await transport.sendMail(message);
    await transport.sendMail(message);
    transport.close();
    expect((await mailbox('to=twice@example.com')).body.data.total).toBe(1);
  });

  it('shows the mail on a human page with every value escaped', async () => {
    const transport = nodemailer.createTransport({ url: t.app.mail.devMailboxUrl! });
    await transport.sendMail({
      from: 'x@example.com',
      to: 'hostile@example.com',
      subject: '<img src=x onerror=alert(1)>',
      text: '</pre><script>alert(2)</script>',
      html: '<p onclick="alert(3)">hi</p>',
    });
    transport.close();
    const res = await t.app.inject({ method: 'GET', url: '/plat/dev/mailbox/view?to=hostile@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).toContain('&lt;/pre&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<script>');
    // The HTML part only inside a sandboxed frame, as an escaped attribute.
    expect(res.body).toContain(
      'sandbox="" title="HTML part" srcdoc="&lt;p onclick=&quot;alert(3)&quot;&gt;hi&lt;/p&gt;',
    );
  });
});

describe('dev mailbox routes in production', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ devTools: false, smtpUrl: peer.url });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('do not exist, and no dev mailbox listens', async () => {
    for (const url of ['/plat/dev/mailbox', '/plat/dev/mailbox/view']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
    expect(t.app.mail.devMailboxUrl).toBeNull();
  });
});
