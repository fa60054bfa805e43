// Decision bodies are checked here rather than by the route schema, so that a missing or blank
// reason (or revision comment) answers its own code, reasonRequired, which the page shows beside
// the reason box; every other problem is the usual validationFailed with the fields.
import type { z } from 'zod';
import { AppError, type FieldProblem } from '../../errors';

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

export function parseDecisionBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  reasonField: 'reason' | 'comment' | null,
): z.output<S> {
  if (reasonField !== null && typeof body === 'object' && body !== null) {
    if (isBlank((body as Record<string, unknown>)[reasonField])) throw new AppError('reasonRequired', 400);
  } else if (reasonField !== null && (body === undefined || body === null)) {
    throw new AppError('reasonRequired', 400);
  }
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const problems: FieldProblem[] = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    throw new AppError('validationFailed', 400, problems);
  }
  return parsed.data;
}
