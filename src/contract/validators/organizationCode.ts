// China organization code (GB 11714-1997): 8 body characters (digits or capital letters) and one
// check character. It is the "subject identifier" inside a unified social credit code (positions 9–17).

const BODY_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const;
const ORGANIZATION_CODE = /^[0-9A-Z]{8}[0-9X]$/;

// GB 11714 values: digits as themselves, letters A = 10 … Z = 35.
function characterValue(ch: string): number {
  return Number.parseInt(ch, 36);
}

/** The check character for an 8-character body, or undefined when the body is malformed. */
export function organizationCodeCheckCharacter(body: string): string | undefined {
  if (!/^[0-9A-Z]{8}$/.test(body)) return undefined;
  let sum = 0;
  for (let i = 0; i < BODY_WEIGHTS.length; i += 1) {
    sum += characterValue(body.charAt(i)) * (BODY_WEIGHTS[i] ?? 0);
  }
  const check = 11 - (sum % 11);
  if (check === 10) return 'X';
  if (check === 11) return '0';
  return String(check);
}

export function isValidOrganizationCode(value: string): boolean {
  if (!ORGANIZATION_CODE.test(value)) return false;
  return organizationCodeCheckCharacter(value.slice(0, 8)) === value.charAt(8);
}
