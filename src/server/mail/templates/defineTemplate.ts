// The shape every mail template has: a schema for its variables (checked when the mail is
// enqueued and again when it is rendered, since the row may outlive a code change), an example
// (for the registry test and previews), and its content in every locale.
import type { z } from 'zod';
import type { Locale } from '../../../contract/envelope';
import type { MailContent } from './mailContent';

export interface MailTemplate<Vars extends z.ZodType> {
  vars: Vars;
  example: z.infer<Vars>;
  /** One entry per locale: the type makes a missing language a compile error. */
  content: Record<Locale, (vars: z.infer<Vars>) => MailContent>;
}

export function defineTemplate<Vars extends z.ZodType>(template: MailTemplate<Vars>): MailTemplate<Vars> {
  return template;
}
