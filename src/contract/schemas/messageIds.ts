// Zod error parameters that carry validation message ids (validationMessages.ts), typed so a
// schema cannot name an id that has no translation.
import type { ValidationMessageId } from '../validationMessages';

export function id(messageId: ValidationMessageId): { error: ValidationMessageId } {
  return { error: messageId };
}

/** `missing` for an empty value (undefined, null, ''), `wrong` for anything else. */
export function missingOr(
  missing: ValidationMessageId,
  wrong: ValidationMessageId,
): { error: (issue: { input?: unknown }) => ValidationMessageId } {
  return { error: (issue) => (isEmpty(issue.input) ? missing : wrong) };
}

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A cross-field issue reported on the field the user has to change. */
export function addIssueAt(
  ctx: { addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void },
  path: PropertyKey[],
  messageId: ValidationMessageId,
  input: unknown,
): void {
  // Stryker disable next-line StringLiteral: zod keeps any code it is given, and the forms and the envelope read only path and message
  ctx.addIssue({ code: 'custom', message: messageId, path, input });
}
