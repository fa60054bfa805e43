// Account activation (spec §4, docs/product-rules.md "Activation link"). The activation lifecycle chart
// (machines/accountActivationLifecycle) decides whether opening a link may activate the account: the
// server works out the account's state from the stored rows and asks the chart, as the web does.
import { and, eq } from 'drizzle-orm';
import type { StateValue } from 'xstate';
import { accountActivationLifecycleMachine as lifecycle } from '../../../../machines/accountActivationLifecycle.machine';
import {
  elapseLifecycleDelay,
  lifecycleDelayMs,
  lifecycleStateOf,
  nextLifecycleState,
} from '../../../../machines/lifecycle';
import type { Locale } from '../../../contract/envelope';
import type { AppConfig } from '../../config';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { enqueueMail } from '../../mail/enqueueMail';
import type { Clock, Db, DbOrTx } from '../../types';
import { consumeLink, findLink, issueLink, type LinkState } from './accountLinks';
import { mayMailLink } from './mailBudget';
import { activationLink } from './mailLinks';

/** The link validity is the chart's own delay, so the server and the diagrams cannot disagree. */
export const ACTIVATION_LINK_VALID_MS = lifecycleDelayMs(lifecycle, 'activationLinkValidity');

/** Voids the user's older activation links, makes a new one and puts its mail in the outbox. */
export async function sendActivationMail(
  tx: DbOrTx,
  config: AppConfig,
  user: { id: string; email: string; firstName: string; language: Locale },
  now: Date,
): Promise<void> {
  const token = await issueLink(tx, {
    userId: user.id,
    purpose: 'activation',
    now,
    validMs: ACTIVATION_LINK_VALID_MS,
  });
  await enqueueMail(tx, {
    to: user.email,
    locale: user.language,
    template: 'activation',
    vars: { firstName: user.firstName, link: activationLink(config, token) },
  });
}

/**
 * An activation link for an account that asks again (resend, or send-code and register on an
 * address waiting for activation): mailed only within the address's budget (mailBudget.ts), so
 * no new mail while the last link is fresh, whoever asks (issue 29 §3). Either way the caller
 * answers the same. True when a mail went out.
 */
export async function remailActivation(
  tx: DbOrTx,
  config: AppConfig,
  user: { id: string; email: string; firstName: string; language: Locale },
  now: Date,
): Promise<boolean> {
  if (!(await mayMailLink(tx, user.id, 'activation', now))) return false;
  await sendActivationMail(tx, config, user, now);
  return true;
}

function lifecycleState(accountActive: boolean, link: LinkState): StateValue {
  if (accountActive) return lifecycleStateOf(lifecycle, 'activated')!;
  const registered = lifecycleStateOf(lifecycle, 'registered')!;
  return link === 'expired'
    ? elapseLifecycleDelay(lifecycle, registered, 'activationLinkValidity')!
    : registered;
}

export function createActivationService(db: Db, clock: Clock, config: AppConfig) {
  return {
    /** Activates the account of a usable link; otherwise throws the outcome the page shows. */
    async activate(token: string): Promise<{ email: string }> {
      const now = clock.now();
      const link = await findLink(db, token, 'activation', now);
      if (!link) throw new AppError('activationLinkInvalid', 200);
      const [user] = await db.select().from(users).where(eq(users.id, link.userId));
      if (!user) throw new AppError('activationLinkInvalid', 200);
      const active = user.status !== 'inactive';
      // A link replaced by a newer one is not expired, it is simply not the link any more.
      if (!active && (link.state === 'voided' || link.state === 'used'))
        throw new AppError('activationLinkInvalid', 200);
      const from = lifecycleState(active, link.state);
      if (!nextLifecycleState(lifecycle, from, { type: 'user.openActivationLink' })) {
        throw new AppError(active ? 'alreadyActivated' : 'activationExpired', 200);
      }
      return db.transaction(async (tx) => {
        if (!(await consumeLink(tx, link.id, now))) throw new AppError('alreadyActivated', 200);
        const updated = await tx
          .update(users)
          .set({ status: 'active', activatedAt: now })
          .where(and(eq(users.id, user.id), eq(users.status, 'inactive')))
          .returning({ email: users.email });
        if (updated.length === 0) throw new AppError('alreadyActivated', 200);
        return { email: user.email };
      });
    },

    /** A new link for an account still waiting for activation, unless the last one is fresh
     *  (remailActivation); silent for any other email: the answer is the same in every case. */
    async resend(email: string): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      if (!user || user.status !== 'inactive') return;
      await db.transaction((tx) => remailActivation(tx, config, user, clock.now()));
    },
  };
}
