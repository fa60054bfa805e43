// Case ids in URLs are UUIDs (docs/api-conventions.md); anything else names no case, so it is a 404 like an unknown
// id — never a 400 that tells a prober which shapes exist, and never a database cast error.
import { notFound } from '../../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function caseIdOf(raw: unknown): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw notFound();
  return raw.toLowerCase();
}
