// What every refusal must look like (docs/api-conventions.md "Answers"): JSON `{code, msg, data}`, a code the
// contract knows, its message in the caller's language.
import { Codes, type CodeEntry } from '../../src/contract/codes';
import { localeFromLanguageHeader, type Locale } from '../../src/contract/envelope';

const MESSAGES = new Map<number, Set<string>>();
for (const entry of Object.values(Codes) as CodeEntry[]) {
  const set = MESSAGES.get(entry.code) ?? new Set<string>();
  set.add(`zh-cn:${entry['zh-cn']}`).add(`en-us:${entry['en-us']}`);
  MESSAGES.set(entry.code, set);
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

export function localeOf(languageHeader: string | undefined): Locale {
  return localeFromLanguageHeader(languageHeader);
}

/** Why the answer is not a valid envelope in `locale`, or null when it is one. */
export function envelopeProblem(answer: Answer, locale: Locale): string | null {
  const raw = answer.headers['content-type'];
  const type = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.join(', ') : '';
  if (!type.startsWith('application/json')) return `content-type is "${type}", not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `body is not JSON: ${answer.body.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  const { code, msg } = body as Record<string, unknown>;
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,msg') return `keys are ${keys}, not code,data,msg`;
  if (typeof code !== 'number') return `code ${String(code)} is not a number`;
  const known = MESSAGES.get(code);
  if (!known) return `code ${code} is not in src/contract/codes.ts`;
  if (typeof msg !== 'string' || !known.has(`${locale}:${msg}`)) {
    return `msg "${String(msg)}" is not the ${locale} message of code ${code}`;
  }
  return null;
}

/** The envelope's code, or null when the body is not one. */
export function codeOf(body: string): number | null {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'number' ? parsed.code : null;
  } catch {
    return null;
  }
}
