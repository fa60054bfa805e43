// Every message id a schema can produce must exist in validationMessages.ts with both languages:
// checked three ways — the table itself, the ids written in the contract's source, and the ids
// that come out of the schemas for thousands of generated bad inputs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/contract/envelope';
import { Limits } from '../../../src/contract/limits';
import { beneficiariesSchema } from '../../../src/contract/schemas/beneficiaries';
import { companyInfoSchema } from '../../../src/contract/schemas/companyInfo';
import { dateRangeSchema } from '../../../src/contract/schemas/dateRange';
import { emailCodeSchema } from '../../../src/contract/schemas/emailCode';
import { loginFormSchema } from '../../../src/contract/schemas/loginForm';
import { passwordChangeSchema, passwordResetSchema } from '../../../src/contract/schemas/passwordChange';
import { personSchema } from '../../../src/contract/schemas/person';
import { registrationInfoSchema } from '../../../src/contract/schemas/registrationInfo';
import {
  isValidationMessageId,
  VALIDATION_MESSAGE_IDS,
  validationMessage,
  ValidationMessages,
} from '../../../src/contract/validationMessages';
import { passportHolder, validCompanyInfo, validPerson, validRegistration } from './support/fixtures';

const CONTRACT_DIR = join(import.meta.dirname, '../../../src/contract');
const HAN = /\p{Script=Han}/u;

function contractSources(): { file: string; text: string }[] {
  const files = ['validationMessages.ts'];
  for (const dir of ['schemas', 'validators']) {
    for (const name of readdirSync(join(CONTRACT_DIR, dir)))
      if (name.endsWith('.ts')) files.push(`${dir}/${name}`);
  }
  return files.map((file) => ({ file, text: readFileSync(join(CONTRACT_DIR, file), 'utf8') }));
}

describe('the message table', () => {
  it.each(VALIDATION_MESSAGE_IDS)('%s has a Chinese and an English text', (id) => {
    const zh = validationMessage(id, 'zh-cn');
    const en = validationMessage(id, 'en-us');
    expect(zh.trim()).not.toBe('');
    expect(en.trim()).not.toBe('');
    expect(zh).toMatch(HAN);
    expect(en).not.toMatch(HAN);
    for (const locale of LOCALES) expect(ValidationMessages[id][locale]).toBeTypeOf('string');
  });

  it('keeps the spec §5 wording', () => {
    const en = (id: Parameters<typeof validationMessage>[0]) => validationMessage(id, 'en-us');
    expect(en('email.required')).toBe('Please enter email');
    expect(en('email.format')).toBe('Email format wrong');
    expect(en('password.required')).toBe('Please enter password');
    expect(en('password.format')).toMatch(/^Invalid password format/);
    expect(en('password.mismatch')).toBe('Passwords do not match');
    expect(en('form.incomplete')).toBe('Validation failure exists, please complete the required information');
    expect(en('dateRange.tooLong')).toBe('Date range limited to one year');
  });

  it('states the numbers of limits.ts', () => {
    const { minLength, maxLength } = Limits.password;
    for (const locale of LOCALES) {
      expect(validationMessage('password.format', locale)).toContain(String(minLength));
      expect(validationMessage('password.format', locale)).toContain(String(maxLength));
      expect(validationMessage('beneficiary.threshold', locale)).toContain(
        `${Limits.beneficiary.thresholdPercent}%`,
      );
      expect(validationMessage('beneficiary.total', locale)).toContain(
        `${Limits.beneficiary.totalMaxPercent}%`,
      );
      expect(validationMessage('emailCode.format', locale)).toContain(String(Limits.emailCode.digits));
    }
  });

  it('tells ids from other strings', () => {
    expect(isValidationMessageId('email.required')).toBe(true);
    expect(isValidationMessageId('email.unknown')).toBe(false);
    expect(isValidationMessageId('toString')).toBe(false);
  });
});

describe('ids written in the contract source', () => {
  it('every quoted id-like string in schemas/ and validators/ is in the table', () => {
    const idLike = /'([a-z][A-Za-z]*\.[a-z][A-Za-z]*)'/g;
    const missing: string[] = [];
    let seen = 0;
    for (const { file, text } of contractSources()) {
      if (file === 'validationMessages.ts') continue;
      for (const match of text.matchAll(idLike)) {
        seen += 1;
        if (!isValidationMessageId(match[1] as string)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(seen).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});

// Schemas with valid samples to break: generated values are put in every field, nested or not.
const subjects: [string, z.ZodType, Record<string, unknown>[]][] = [
  ['loginForm', loginFormSchema, [{ email: 'user@example.com', password: 'x' }]],
  [
    'registrationInfo',
    registrationInfoSchema,
    [{ ...validRegistration(), phoneAreaCode: '+86', phone: '13800138000' }],
  ],
  ['emailCode', emailCodeSchema, [{ code: '123456' }]],
  ['passwordReset', passwordResetSchema, [{ newPassword: 'Passw0rd!', confirmPassword: 'Passw0rd!' }]],
  [
    'passwordChange',
    passwordChangeSchema,
    [{ currentPassword: 'a', newPassword: 'Passw0rd!', confirmPassword: 'Passw0rd!' }],
  ],
  ['companyInfo', companyInfoSchema, (['CN', 'HK', 'SG', 'US', 'GB'] as const).map(validCompanyInfo)],
  ['person', personSchema, [validPerson(), passportHolder()]],
  [
    'beneficiaries',
    beneficiariesSchema,
    [
      {
        hasBeneficiaries: true,
        beneficiaries: [validPerson({ shareholdingRatio: 40 }), passportHolder({ shareholdingRatio: 30 })],
      },
      { hasBeneficiaries: false, seniorManagingOfficial: passportHolder({ shareholdingRatio: 5 }) },
    ],
  ],
  ['dateRange', dateRangeSchema, [{ start: '2025-01-01', end: '2025-03-01' }]],
];

/** Every path to a leaf of a sample, so each can be replaced on its own. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, child]) => leafPaths(child, [...prefix, key]))];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

const badValue = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    null,
    undefined,
    true,
    false,
    0,
    -1,
    1e21,
    Number.NaN,
    [],
    {},
    'CN',
    '+86',
    'idCard',
  ),
);

describe('ids produced by the schemas', () => {
  it.each(subjects)(
    '%s: every issue of a bad input is a translated id, and parsing never throws',
    (_name, schema, samples) => {
      const seen = new Set<string>();
      for (const sample of samples) {
        expect(schema.safeParse(sample).success, JSON.stringify(schema.safeParse(sample).error?.issues)).toBe(
          true,
        );
        const paths = leafPaths(sample);
        fc.assert(
          fc.property(fc.constantFrom(...paths), badValue, (path, replacement) => {
            const result = schema.safeParse(replaceAt(sample, path, replacement));
            for (const issue of result.error?.issues ?? []) {
              seen.add(issue.message);
              expect(
                isValidationMessageId(issue.message),
                `${issue.message} at ${issue.path.join('.')}`,
              ).toBe(true);
            }
          }),
          { numRuns: 400, seed: 20250615 },
        );
        fc.assert(
          fc.property(fc.anything(), (input) => {
            for (const issue of schema.safeParse(input).error?.issues ?? []) {
              expect(isValidationMessageId(issue.message), issue.message).toBe(true);
            }
          }),
          { numRuns: 100, seed: 20250615 },
        );
      }
      // The generated inputs did reach the checks: some ids came out.
      expect(seen.size).toBeGreaterThan(0);
    },
  );
});
