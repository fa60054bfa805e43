// Slider puzzles and their one-time tokens, kept in PostgreSQL so any API instance can check an
// answer or a token another instance issued. Every state change is one conditional UPDATE, so two
// requests racing for the same puzzle or token cannot both win.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { CaptchaPuzzle, type CaptchaChallenge } from '../../../contract/api/accounts';
import { Limits } from '../../../contract/limits';
import { captchaChallenges } from '../../db/schema/index';
import type { Clock, Db, DbOrTx } from '../../types';
import { thisRequestsKey, unspentOrSpentByThisRequest } from '../../db/spentByThisRequest';
import { hashToken } from '../sessions';
import { checkSliderAnswer, type SliderAnswer } from './answerCheck';
import { puzzleSource } from './puzzleSource';

/** Who solved a puzzle and who spends its token: the request's address and user agent. */
export interface CaptchaClient {
  ip: string;
  userAgent: string | undefined;
}

/**
 * A token is stored hashed together with the client that earned it, so it only works from that
 * client (issue 22 §2): a token solved elsewhere — a captcha farm, a second machine of the same
 * script — and relayed finds no row. No schema change: the binding is inside the stored hash.
 */
function boundTokenHash(token: string, client: CaptchaClient): string {
  return hashToken(`${token}\n${client.ip}\n${client.userAgent ?? ''}`);
}

/** Answered or abandoned puzzles are kept this long (enough to read back in an incident), then purged. */
const KEEP_MS = 60 * 60 * 1000;

export function createCaptchaService(db: Db, clock: Clock) {
  return {
    async createChallenge(): Promise<CaptchaChallenge> {
      const now = clock.now();
      const puzzle = await puzzleSource().next();
      const [row] = await db
        .insert(captchaChallenges)
        .values({
          gapX: puzzle.gapX,
          gapY: puzzle.gapY,
          createdAt: now,
          expiresAt: new Date(now.getTime() + Limits.captcha.challengeValidMs),
        })
        .returning({ id: captchaChallenges.id });
      await db
        .delete(captchaChallenges)
        .where(lt(captchaChallenges.createdAt, new Date(now.getTime() - KEEP_MS)));
      return {
        challengeId: row!.id,
        background: puzzle.background,
        piece: puzzle.piece,
        pieceY: puzzle.gapY,
        width: CaptchaPuzzle.width,
        height: CaptchaPuzzle.height,
        pieceSize: CaptchaPuzzle.pieceSize,
      };
    },

    /** One attempt per puzzle: the token when the answer is right and plausible, else null. */
    async verify(challengeId: string, answer: SliderAnswer, client: CaptchaClient): Promise<string | null> {
      const now = clock.now();
      // The same request sent again after a cut (same idempotency key) answered already: still its.
      const answeredBy = thisRequestsKey();
      const open = and(isNull(captchaChallenges.answeredAt), gt(captchaChallenges.expiresAt, now));
      const [row] = await db
        .update(captchaChallenges)
        .set({ answeredAt: now, answeredBy })
        .where(
          and(
            eq(captchaChallenges.id, challengeId),
            unspentOrSpentByThisRequest(open, captchaChallenges.answeredBy, answeredBy),
          ),
        )
        .returning({ gapX: captchaChallenges.gapX });
      if (!row || !checkSliderAnswer(answer, row.gapX).ok) return null;
      const token = randomBytes(32).toString('base64url');
      await db
        .update(captchaChallenges)
        .set({
          tokenHash: boundTokenHash(token, client),
          tokenExpiresAt: new Date(now.getTime() + Limits.captcha.tokenValidMs),
        })
        .where(eq(captchaChallenges.id, challengeId));
      return token;
    },

    /** Spends a token: true once for a live token of this client; false for a missing, used,
     *  expired or unknown one, or one earned by another client. */
    async consume(token: string | undefined, client: CaptchaClient, tx: DbOrTx = db): Promise<boolean> {
      if (!token) return false;
      const now = clock.now();
      // The same request sent again after a cut (same idempotency key) spent it already: still its.
      const spentBy = thisRequestsKey();
      const unspent = and(isNull(captchaChallenges.tokenUsedAt), gt(captchaChallenges.tokenExpiresAt, now));
      const rows = await tx
        .update(captchaChallenges)
        .set({ tokenUsedAt: now, tokenUsedBy: spentBy })
        .where(
          and(
            eq(captchaChallenges.tokenHash, boundTokenHash(token, client)),
            unspentOrSpentByThisRequest(unspent, captchaChallenges.tokenUsedBy, spentBy),
          ),
        )
        .returning({ id: captchaChallenges.id });
      return rows.length === 1;
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
