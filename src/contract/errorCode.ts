// Spec §5: "a code 8 characters long, starting with an uppercase letter followed by 7 digits,
// is reduced to those 7 digits before comparison with 200 and lookup in the error-message map."
const PREFIXED_CODE = /^[A-Z](\d{7})$/;

export function normaliseErrorCode(code: string | number): number | string {
  // A number read as text is all digits (given back as the same number) or no code at all.
  const text = String(code);
  const m = PREFIXED_CODE.exec(text);
  if (m) return Number(m[1]);
  return /^\d+$/.test(text) ? Number(text) : code;
}
