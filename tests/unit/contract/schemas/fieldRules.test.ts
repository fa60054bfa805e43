// The shared field helpers (schemas/fields.ts, crossField.ts, messageIds.ts): one message per field
// state — missing → "required", too long → "too long", present but wrong → the format's message —
// and cross-field rules that run as soon as the fields they read are valid (issue 19 §2 survivors).
import type { core } from 'zod';
import { describe, expect, it } from 'vitest';
import { whenFieldsValid } from '../../../../src/contract/schemas/crossField';
import { fileIdField, optionalText, requiredText } from '../../../../src/contract/schemas/fields';
import { isEmpty } from '../../../../src/contract/schemas/messageIds';
import { messagesByPath } from '../support/issues';

// A format for the tests: lower-case letters only; 'email.format' stands for any format message.
const lowerCase = { isValid: (v: string) => /^[a-z]+$/.test(v), message: 'email.format' } as const;

describe('requiredText and optionalText', () => {
  const required = requiredText({ maxLength: 5, format: lowerCase });
  const optional = optionalText({ maxLength: 5, format: lowerCase });

  it.each([
    ['required', required],
    ['optional', optional],
  ])(
    '%s: a value at the limit is checked for its format; one over the limit is only too long',
    (_kind, schema) => {
      expect(messagesByPath(schema, 'abcde')).toEqual({});
      expect(messagesByPath(schema, 'ABCDE')).toEqual({ '': ['email.format'] });
      expect(messagesByPath(schema, 'abcdef')).toEqual({ '': ['field.tooLong'] });
      expect(messagesByPath(schema, 'ABCDEF')).toEqual({ '': ['field.tooLong'] });
    },
  );

  it('optional: absent, null or blank is fine, and surrounding spaces do not count', () => {
    for (const blank of [undefined, null, '', '   ']) expect(messagesByPath(optional, blank)).toEqual({});
    expect(optional.parse('  abcde  ')).toBe('abcde');
    expect(messagesByPath(optional, 42)).toEqual({ '': ['email.format'] });
  });
});

describe('empty values', () => {
  it('undefined, null, an empty or a blank string are empty; anything else is not', () => {
    for (const value of [undefined, null, '', '  \t']) expect(isEmpty(value)).toBe(true);
    for (const value of [' x ', 0, false, []]) expect(isEmpty(value)).toBe(false);
  });

  it('a file id left blank is "please upload", a wrong one is "not valid"', () => {
    expect(messagesByPath(fileIdField, '  ')).toEqual({ '': ['file.required'] });
    expect(messagesByPath(fileIdField, 'not-a-uuid')).toEqual({ '': ['file.invalid'] });
  });
});

describe('whenFieldsValid', () => {
  const payload = (value: unknown, paths: PropertyKey[][] = []) =>
    ({ value, issues: paths.map((path) => ({ path })) }) as unknown as core.ParsePayload;
  const when = whenFieldsValid('a', 'b');

  it('runs a cross-field rule on an object whose fields it reads have no issue', () => {
    expect(when(payload({ a: 1, b: 2 }))).toBe(true);
    expect(when(payload({ a: 1, b: 2, c: '' }, [['c']]))).toBe(true);
  });

  it('not while one of its fields has an issue, nor on a value that is not an object', () => {
    expect(when(payload({ a: 1 }, [['b']]))).toBe(false);
    expect(when(payload({}, [[]]))).toBe(false);
    expect(when(payload(null))).toBe(false);
    expect(when(payload('a'))).toBe(false);
  });
});
