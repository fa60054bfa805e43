// Email format shared by the login, registration and forgot-password forms and their API bodies.
// Stricter than the HTML input: a business mailbox needs a dotted domain, so `user@localhost` is refused.

const MAX_EMAIL_LENGTH = 254; // RFC 5321 path limit minus the angle brackets
const MAX_LOCAL_PART_LENGTH = 64; // RFC 5321 §4.5.3.1.1

// dot-atom: no leading, trailing or doubled dots (RFC 5322 §3.2.3)
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
// A top-level domain is letters, or an IDNA A-label such as xn--fiqs8s.
const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isValidEmail(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf('@');
  // Stryker disable next-line EqualityOperator: at 0 the local part is empty, which LOCAL_PART refuses below anyway
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > MAX_LOCAL_PART_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  // Stryker disable next-line StringLiteral: there are at least two labels here, so the fallback is never read
  const tld = labels[labels.length - 1] ?? '';
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL_DOMAIN.test(tld);
}
