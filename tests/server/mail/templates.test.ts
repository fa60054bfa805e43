// Every template of the registry exists in both languages, states its limits from
// src/contract/limits.ts, and never lets a variable become markup.
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/contract/envelope';
import { Limits, Time } from '../../../src/contract/limits';
import { InvalidMailError, mailTemplates, renderMail } from '../../../src/server/mail/templates/registry';

const names = Object.keys(mailTemplates) as (keyof typeof mailTemplates)[];

describe('mail template registry', () => {
  it('holds the templates the portal sends', () => {
    expect(names.sort()).toEqual(
      [
        'activation',
        'cardApplicationDecision',
        'certificationDecision',
        'certificationSubmitted',
        'registrationCode',
        'resetPassword',
        'supportMessage',
      ].sort(),
    );
  });

  for (const name of names) {
    describe(name, () => {
      it('has a subject, text and HTML in zh-cn and in en-us, and they differ by language', () => {
        const example = mailTemplates[name].example;
        const zh = renderMail(name, example, 'zh-cn');
        const en = renderMail(name, example, 'en-us');
        for (const mail of [zh, en]) {
          expect(mail.subject.trim()).not.toBe('');
          expect(mail.text.trim()).not.toBe('');
          expect(mail.html).toMatch(/^<!doctype html>.*<\/html>$/s);
        }
        expect(zh.subject).not.toBe(en.subject);
        expect(zh.subject + zh.text).toMatch(/[\u4e00-\u9fff]/);
        expect(en.subject + en.text).not.toMatch(/[\u4e00-\u9fff]/);
        expect(zh.html).toContain('lang="zh-CN"');
        expect(en.html).toContain('lang="en-US"');
      });

      it('accepts its own example and refuses variables that do not fit', () => {
        expect(mailTemplates[name].vars.safeParse(mailTemplates[name].example).success).toBe(true);
        expect(() => renderMail(name, {}, 'en-us')).toThrow(InvalidMailError);
      });

      it('escapes every variable in the HTML part', () => {
        const hostile = '<script>alert("x")</script>&';
        const example = mailTemplates[name].example as Record<string, unknown>;
        // Put the hostile text into every free-text variable the schema still accepts.
        const poisoned = Object.fromEntries(
          Object.entries(example).map(([k, v]) => {
            if (typeof v !== 'string' || ['link', 'code', 'fromEmail', 'decision'].includes(k)) return [k, v];
            return [k, hostile];
          }),
        );
        const changed = Object.keys(poisoned).some((k) => poisoned[k] === hostile);
        for (const locale of LOCALES) {
          const mail = renderMail(name, poisoned, locale);
          expect(mail.html).not.toContain('<script>');
          if (changed) {
            expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
            expect(mail.text).toContain(hostile.slice(0, 8));
          }
        }
      });
    });
  }

  it('states the validity periods from the shared limits', () => {
    const minutes = (ms: number) => ms / Time.MINUTE;
    const hours = (ms: number) => ms / Time.HOUR;
    const code = renderMail('registrationCode', { code: '123456' }, 'en-us');
    expect(code.text).toContain('123456');
    expect(code.text).toContain(`${minutes(Limits.emailCode.validMs)} minutes`);
    expect(renderMail('registrationCode', { code: '123456' }, 'zh-cn').text).toContain(
      `${minutes(Limits.emailCode.validMs)} 分钟`,
    );
    const link = 'https://portal.example/x?token=1';
    expect(renderMail('activation', { firstName: 'A', link }, 'en-us').text).toContain(
      `${hours(Limits.activationLink.validMs)} hours`,
    );
    expect(renderMail('activation', { firstName: 'A', link }, 'zh-cn').text).toContain(
      `${hours(Limits.activationLink.validMs)} 小时`,
    );
    expect(renderMail('resetPassword', { link }, 'en-us').text).toContain(
      `${minutes(Limits.resetLink.validMs)} minutes`,
    );
  });

  it('refuses a code of the wrong length and a link that is not http(s)', () => {
    expect(() => renderMail('registrationCode', { code: '12345' }, 'en-us')).toThrow(InvalidMailError);
    expect(() => renderMail('resetPassword', { link: 'javascript:alert(1)' }, 'en-us')).toThrow(
      InvalidMailError,
    );
  });

  it('puts the link in an escaped href and the rejection reason in the mail', () => {
    const link = 'https://portal.example/a?x=1&y="2"';
    const reset = renderMail('resetPassword', { link }, 'en-us');
    expect(reset.html).toContain('href="https://portal.example/a?x=1&amp;y=&quot;2&quot;"');
    const rejected = renderMail(
      'cardApplicationDecision',
      { decision: 'rejected', companyName: 'ACME', reason: 'Missing file', link: 'https://p.example/' },
      'zh-cn',
    );
    expect(rejected.subject).toBe('发卡业务申请未通过');
    expect(rejected.text).toContain('> Missing file');
    const approved = renderMail(
      'certificationDecision',
      { decision: 'approved', companyName: 'ACME', operatorId: 'OP12345678', link: 'https://p.example/' },
      'en-us',
    );
    expect(approved.text).toContain('OP12345678');
  });
});
