// TRANSPORT_PRIVATE_KEY / TRANSPORT_PREVIOUS_PRIVATE_KEY (issue 18 §3): the password-transport key
// given by the operator (a secret store, the environment) instead of the one kept in PostgreSQL.
// Checked at start so a bad key stops the start with a message that never repeats the key.
import { createPrivateKey } from 'node:crypto';
import type { z } from 'zod';

/** A zod transform: the PEM (with real line breaks), undefined when unset, an issue when unusable. */
export function parseTransportKeyPem(raw: string | undefined, ctx: z.RefinementCtx): string | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  // One-line environments (systemd, CI secrets) carry the PEM with `\n` for its line breaks.
  const pem = text.includes('\\n') ? text.replaceAll('\\n', '\n') : text;
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
      ctx.addIssue({ code: 'custom', message: 'must be an RSA private key of 2048 bits or more (PEM)' });
      return undefined;
    }
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not a readable PEM private key' });
    return undefined;
  }
  return pem;
}
