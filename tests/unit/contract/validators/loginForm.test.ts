// The zod-free login checks (validators/loginForm.ts) answer exactly as the login schema does
// through the Mantine resolver, for any typed values.
import fc from 'fast-check';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { describe, expect, it } from 'vitest';
import { loginFormSchema } from '../../../../src/contract/schemas/loginForm';
import { loginFormErrors } from '../../../../src/contract/validators/loginForm';

const viaSchema = zod4Resolver(loginFormSchema);

describe('loginFormErrors (spec §5)', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: 'email.required', password: 'password.required' },
    ],
    [{ email: '   ', password: 'x' }, { email: 'email.required' }],
    [{ email: 'user@', password: 'x' }, { email: 'email.format' }],
    [{ email: ' user@example.com ', password: ' ' }, {}],
    [{ email: 'user@example.com', password: 'abc' }, {}],
  ])('%j → %j, as the schema', (values, expected) => {
    expect(loginFormErrors(values)).toEqual(expected);
    expect(viaSchema(values)).toEqual(expected);
  });

  it('agrees with the schema on any email and password', () => {
    const email = fc.oneof(
      fc.string(),
      fc.emailAddress(),
      fc
        .tuple(fc.constantFrom('', ' ', '\t'), fc.emailAddress(), fc.constantFrom('', ' ', '\n'))
        .map((p) => p.join('')),
    );
    const password = fc.oneof(fc.string(), fc.constantFrom('', ' ', '\u00a0'));
    fc.assert(
      fc.property(email, password, (e, p) => {
        expect(loginFormErrors({ email: e, password: p })).toEqual(viaSchema({ email: e, password: p }));
      }),
      { numRuns: 2000 },
    );
  });
});
