// What a form shows after validation: the message ids of each field path, in zod's order.
import type { z } from 'zod';

export function messagesByPath(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const byPath: Record<string, string[]> = {};
  if (result.success) return byPath;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    (byPath[path] ??= []).push(issue.message);
  }
  return byPath;
}

/** One message per field, as the form shows it; fails the test when a field would get two. */
export function fieldMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  const single: Record<string, string> = {};
  for (const [path, messages] of Object.entries(messagesByPath(schema, input))) {
    if (messages.length !== 1)
      throw new Error(`${path || '(root)'} has ${messages.length} messages: ${messages.join(', ')}`);
    single[path] = messages[0] as string;
  }
  return single;
}

export function parsedData<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}
