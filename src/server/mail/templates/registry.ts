// Every mail the portal sends, by name. The outbox stores the name and the variables; the worker
// renders at delivery time in the recipient's locale.
import type { z } from 'zod';
import type { Locale } from '../../../contract/envelope';
import { activation } from './activation';
import { cardApplicationDecision } from './cardApplicationDecision';
import { certificationDecision } from './certificationDecision';
import { certificationSubmitted } from './certificationSubmitted';
import { renderContent, type MailContent, type RenderedMail } from './mailContent';
import { registrationCode } from './registrationCode';
import { resetPassword } from './resetPassword';
import { supportMessage } from './supportMessage';

export const mailTemplates = {
  registrationCode,
  activation,
  resetPassword,
  certificationSubmitted,
  certificationDecision,
  cardApplicationDecision,
  supportMessage,
} as const;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateVars<N extends MailTemplateName> = z.infer<(typeof mailTemplates)[N]['vars']>;

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplates, name);
}

/** A mail whose template, variables or address do not fit: delivering it would send nonsense. */
export class InvalidMailError extends Error {
  override readonly name = 'InvalidMailError';
}

/** Checks the variables against the template's schema; returns them parsed (defaults applied). */
export function parseMailVars<N extends MailTemplateName>(name: N, vars: unknown): MailTemplateVars<N> {
  const parsed = mailTemplates[name].vars.safeParse(vars);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new InvalidMailError(`variables of mail template '${name}' are not valid: ${where}`);
  }
  return parsed.data as MailTemplateVars<N>;
}

export function renderMail(name: string, vars: unknown, locale: Locale): RenderedMail {
  if (!isMailTemplateName(name)) throw new InvalidMailError(`unknown mail template '${name}'`);
  const template = mailTemplates[name];
  const parsed = parseMailVars(name, vars);
  // The union of every template's function cannot be called with the union of their variables;
  // parseMailVars has just checked that these variables belong to this template.
  const content = (template.content[locale] as (vars: unknown) => MailContent)(parsed);
  return renderContent(content, locale === 'zh-cn' ? 'zh-CN' : 'en-US');
}
