import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../../../src/contract/validators/email';

describe('isValidEmail', () => {
  it.each([
    'user@example.com',
    'first.last@sub.example.co.uk',
    'name+tag@example.org',
    "o'brien@example.ie",
    'zhang_san@qq.com',
    'x@xn--fiqs8s.com',
    'info@xn--55qx5d.xn--fiqs8s',
    // A domain label may be a single letter or digit (RFC 1035 §2.3.1).
    'a@b.example.com',
    'user@x.io',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'user.example.com'],
    ['no local part', '@example.com'],
    ['no domain dot', 'user@localhost'],
    ['two @', 'a@b@example.com'],
    ['leading dot in local part', '.user@example.com'],
    ['doubled dot in local part', 'us..er@example.com'],
    ['trailing dot in local part', 'user.@example.com'],
    ['space', 'us er@example.com'],
    ['numeric top-level domain', 'user@example.123'],
    ['one-letter top-level domain', 'user@example.c'],
    ['label starting with a hyphen', 'user@-example.com'],
    ['empty label', 'user@example..com'],
    ['Chinese characters', '用户@example.com'],
    ['local part of 65 characters', `${'a'.repeat(65)}@example.com`],
    ['label ending with a hyphen', 'user@example-.com'],
    ['underscore in a label', 'user@ex_ample.com'],
    ['label of 64 characters', `user@${'a'.repeat(64)}.com`],
    ['top-level domain starting with a digit', 'user@example.1com'],
    ['top-level domain ending with a digit', 'user@example.com1'],
    ['top-level domain with a hyphen, not an A-label', 'user@example.co-m'],
    ['longer than 254 characters', `${'a'.repeat(60)}@${Array(4).fill('b'.repeat(60)).join('.')}.com`],
  ])('refuses %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts a local part of exactly 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
  });

  it('accepts an address of exactly 254 characters and refuses 255 (RFC 5321 path limit)', () => {
    // 64 + 1 + (63 + 1 + 63 + 1 + 57 + 1 + 3) = 254; labels within 63 characters each.
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(isValidEmail(`${'a'.repeat(64)}@${domain}`)).toBe(true);
    expect(`${'a'.repeat(64)}@${domain}`).toHaveLength(254);
    expect(isValidEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`)).toBe(
      false,
    );
  });
});
