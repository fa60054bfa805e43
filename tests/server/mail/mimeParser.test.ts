// The dev mailbox reads what it receives with its own small MIME reader. Here it reads messages
// composed by nodemailer itself (the sender the worker uses), in both languages and encodings.
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { decodeHeaderValue, parseMail } from '../../../src/server/mail/devMailbox/mimeParser';
import { renderMail } from '../../../src/server/mail/templates/registry';

async function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

describe('dev mailbox MIME reader', () => {
  it('reads a Chinese mail with text and HTML parts as nodemailer sends it', async () => {
    const mail = renderMail('registrationCode', { code: '654321' }, 'zh-cn');
    const raw = await compose({
      from: 'Portal <no-reply@portal.localhost>',
      to: 'ada@example.com',
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: '<outbox.abc@portal.localhost>',
    });
    const parsed = parseMail(raw);
    expect(parsed.subject).toBe('注册验证码：654321');
    expect(parsed.messageId).toBe('<outbox.abc@portal.localhost>');
    expect(parsed.to).toBe('ada@example.com');
    expect(parsed.from).toBe('Portal <no-reply@portal.localhost>');
    expect(parsed.text).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
  });

  it('reads quoted-printable and base64 bodies, long lines and a text-only mail', async () => {
    const longLine = 'Ünïcödé '.repeat(40) + '= end';
    for (const textEncoding of ['quoted-printable', 'base64'] as const) {
      const raw = await compose({
        from: 'a@example.com',
        to: 'b@example.com',
        subject: 'Prüfung ' + 'x'.repeat(80),
        text: longLine,
        textEncoding,
      });
      const parsed = parseMail(raw);
      expect(parsed.subject).toBe('Prüfung ' + 'x'.repeat(80));
      expect(parsed.text).toBe(longLine);
      expect(parsed.html).toBe('');
    }
  });

  it('skips attachments and keeps the first text and HTML bodies', async () => {
    const raw = await compose({
      from: 'a@example.com',
      to: 'b@example.com',
      subject: 'With attachment',
      text: 'the body',
      html: '<p>the body</p>',
      attachments: [{ filename: 'note.txt', content: 'not the body' }],
    });
    const parsed = parseMail(raw);
    expect(parsed.text).toBe('the body');
    expect(parsed.html).toBe('<p>the body</p>');
  });

  it('decodes RFC 2047 encoded words in B and Q form', () => {
    expect(decodeHeaderValue('=?UTF-8?B?5L2g5aW9?= =?UTF-8?Q?_world?=')).toBe('你好 world');
    expect(decodeHeaderValue('plain subject')).toBe('plain subject');
  });
});
