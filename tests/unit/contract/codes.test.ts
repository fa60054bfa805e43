// The business codes of codes.ts (spec §8, docs/api-conventions.md): every code has its message in both languages
// the portal speaks (spec §9: zh-cn, en-us), the session-invalid and silent codes are the spec's
// lists, and the message map answers by number.
import { describe, expect, it } from 'vitest';
import {
  Codes,
  messageFor,
  messageForCode,
  SESSION_INVALID_CODES,
  SILENT_CODES,
  SUCCESS_CODE,
} from '../../../src/contract/codes';

const HAN = /\p{Script=Han}/u;

describe('business codes', () => {
  it.each(Object.keys(Codes) as (keyof typeof Codes)[])('%s has a Chinese and an English message', (name) => {
    const zh = messageFor(name, 'zh-cn');
    const en = messageFor(name, 'en-us');
    expect(zh).toMatch(HAN);
    expect(en.trim()).not.toBe('');
    expect(en).not.toMatch(HAN);
    expect(messageForCode(Codes[name].code, 'en-us')).toBe(en);
    expect(messageForCode(Codes[name].code, 'zh-cn')).toBe(zh);
  });

  it('spec §8: success is 200; the session-invalid and the silent codes are the listed ones', () => {
    expect(SUCCESS_CODE).toBe(200);
    expect(Codes.ok.code).toBe(200);
    expect(SESSION_INVALID_CODES).toEqual(new Set([401, 301001, 301002, 301017, 311035]));
    expect(SILENT_CODES).toEqual(new Set([301005, 301010, 301012, 301014, 301018, 301302, 10002]));
  });

  it('spec §8 wording: generic error 400014, network error, link invalid', () => {
    expect(messageForCode(400014, 'en-us')).toBe('Something went wrong, please contact the administrator');
    expect(messageForCode(100500, 'zh-cn')).toBe('Error 网络异常，请稍后重试');
    expect(messageFor('linkInvalid', 'en-us')).toBe('Link invalid; visit the latest address');
  });

  it('a number without a code has no mapped message', () => {
    expect(messageForCode(999999, 'en-us')).toBeUndefined();
  });
});
