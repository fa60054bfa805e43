// The server validates request bodies with the same schemas through fastify-type-provider-zod:
// it must see the same ids the browser sees, and the OpenAPI generator must be able to read them.
import { validatorCompiler } from 'fastify-type-provider-zod';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { beneficiariesSchema } from '../../../../src/contract/schemas/beneficiaries';
import { companyInfoSchema } from '../../../../src/contract/schemas/companyInfo';
import { dateRangeSchema } from '../../../../src/contract/schemas/dateRange';
import { emailCodeSchema } from '../../../../src/contract/schemas/emailCode';
import { loginFormSchema } from '../../../../src/contract/schemas/loginForm';
import { passwordChangeSchema, passwordResetSchema } from '../../../../src/contract/schemas/passwordChange';
import { personSchema } from '../../../../src/contract/schemas/person';
import { registrationInfoSchema } from '../../../../src/contract/schemas/registrationInfo';
import { validCompanyInfo, validRegistration } from '../support/fixtures';

const allSchemas = {
  loginFormSchema,
  registrationInfoSchema,
  emailCodeSchema,
  passwordResetSchema,
  passwordChangeSchema,
  companyInfoSchema,
  personSchema,
  beneficiariesSchema,
  dateRangeSchema,
};

function serverMessages(schema: z.ZodType, body: unknown): Record<string, string> {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/test', httpPart: 'body' });
  const outcome = validate(body) as { error?: { instancePath: string; message?: string }[] };
  const byPath: Record<string, string> = {};
  for (const v of outcome.error ?? []) byPath[v.instancePath] = v.message ?? '';
  return byPath;
}

describe('browser and server read the same schemas the same way', () => {
  it.each([
    [
      'registration with a mismatched confirmation',
      registrationInfoSchema,
      { ...validRegistration(), confirmPassword: 'x' },
    ],
    ['registration without anything', registrationInfoSchema, {}],
    [
      'a mainland company with a wrong credit code',
      companyInfoSchema,
      { ...validCompanyInfo('CN'), businessLicenseCode: '911100001000013287' },
    ],
    [
      'a Hong Kong company without an operating address',
      companyInfoSchema,
      { ...validCompanyInfo('HK'), operatingAddress: { sameAsRegistered: false } },
    ],
  ] as const)('%s', (_label, schema, body) => {
    const browser = zod4Resolver(schema)(body as Record<string, unknown>);
    const server = serverMessages(schema, body);
    expect(Object.keys(browser).length).toBeGreaterThan(0);
    // The resolver keys by dotted path, the server by JSON pointer.
    const serverByDottedPath = Object.fromEntries(
      Object.entries(server).map(([pointer, message]) => [pointer.slice(1).replaceAll('/', '.'), message]),
    );
    expect(serverByDottedPath).toEqual(browser);
  });

  it.each(Object.entries(allSchemas))(
    '%s converts to JSON Schema for the OpenAPI document',
    (_name, schema) => {
      const json = z.toJSONSchema(schema, { io: 'input' });
      expect(json).toBeTypeOf('object');
    },
  );
});
