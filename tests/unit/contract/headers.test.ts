// The API's headers and codes that travel outside the body (issue 19 §2): the language header and
// default locale (spec §1, §3), the Idempotency-Key header (issue 17 §5, the IETF httpapi draft's
// name) with its key format and methods, and the prefixed error codes of spec §5.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LANGUAGE_HEADER } from '../../../src/contract/envelope';
import { normaliseErrorCode } from '../../../src/contract/errorCode';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_METHODS,
  IDEMPOTENT_REPLAY_HEADER,
} from '../../../src/contract/idempotency';

describe('language', () => {
  it('travels in the "language" header; the portal speaks Chinese by default', () => {
    expect(LANGUAGE_HEADER).toBe('language');
    expect(DEFAULT_LOCALE).toBe('zh-cn');
  });
});

describe('idempotency keys', () => {
  it('travel in Idempotency-Key (header names in lower case, as Node reads them); a replay is marked', () => {
    expect(IDEMPOTENCY_HEADER).toBe('idempotency-key');
    expect(IDEMPOTENT_REPLAY_HEADER).toBe('idempotent-replayed');
  });

  it('are for the writes: POST, PUT, PATCH and DELETE', () => {
    expect([...IDEMPOTENT_METHODS].sort()).toEqual(['DELETE', 'PATCH', 'POST', 'PUT']);
  });

  it('are 16–64 letters, digits, "_" or "-": a UUID fits', () => {
    for (const key of ['3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c', 'a'.repeat(16), `${'A9_-'.repeat(16)}`])
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(true);
    for (const key of [
      'a'.repeat(15),
      'a'.repeat(65),
      `${'a'.repeat(16)} `,
      ` ${'a'.repeat(16)}`,
      `${'a'.repeat(16)}!`,
      '!'.repeat(16),
      `${'a'.repeat(15)}.`,
    ])
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(false);
  });
});

describe('error codes (spec §5)', () => {
  it('a string that is not all digits stays as it is', () => {
    expect(normaliseErrorCode('200abc')).toBe('200abc');
    expect(normaliseErrorCode('')).toBe('');
  });

  it('a number stays the same number, whatever it is', () => {
    for (const code of [200, 0, 3010020, -5, 1.5, Number.NaN]) expect(normaliseErrorCode(code)).toBe(code);
  });
});
