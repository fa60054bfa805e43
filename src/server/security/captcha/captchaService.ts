// Slider puzzles and their one-time tokens, kept in PostgreSQL so any API instance can check an
// answer or a token another instance issued. Every state change is one conditional UPDATE, so two
// requests racing for the same puzzle or token cannot both win.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { CaptchaPuzzle, type CaptchaChallenge } from '../../../contract/api/accounts';
import { Limits } from '../../../contract/limits';
import { captchaChallenges } from '../../db/schema/index';
import type { Clock, Db, DbOrTx } from '../../types';
import { hashToken } from '../sessions';
import { checkSliderAnswer, type SliderAnswer } from './answerCheck';
import { pngDataUrl } from './pngEncoder';
import { drawPuzzle } from './puzzleImage';

/** Answered or abandoned puzzles are kept this long (enough to read back in an incident), then purged. */
const KEEP_MS = 60 * 60 * 1000;

export function createCaptchaService(db: Db, clock: Clock) {
  return {
    async createChallenge(): Promise<CaptchaChallenge> {
      const now = clock.now();
      const puzzle = drawPuzzle();
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
        background: pngDataUrl(puzzle.background),
        piece: pngDataUrl(puzzle.piece),
        pieceY: puzzle.gapY,
        width: CaptchaPuzzle.width,
        height: CaptchaPuzzle.height,
        pieceSize: CaptchaPuzzle.pieceSize,
      };
    },

    /** One attempt per puzzle: the token when the answer is right and plausible, else null. */
    async verify(challengeId: string, answer: SliderAnswer): Promise<string | null> {
      const now = clock.now();
      const [row] = await db
        .update(captchaChallenges)
        .set({ answeredAt: now })
        .where(
          and(
            eq(captchaChallenges.id, challengeId),
            isNull(captchaChallenges.answeredAt),
            gt(captchaChallenges.expiresAt, now),
          ),
        )
        .returning({ gapX: captchaChallenges.gapX });
      if (!row || !checkSliderAnswer(answer, row.gapX).ok) return null;
      const token = randomBytes(32).toString('base64url');
      await db
        .update(captchaChallenges)
        .set({
          tokenHash: hashToken(token),
          tokenExpiresAt: new Date(now.getTime() + Limits.captcha.tokenValidMs),
        })
        .where(eq(captchaChallenges.id, challengeId));
      return token;
    },

    /** Spends a token: true once for a live token, false for a missing, used, expired or unknown one. */
    async consume(token: string | undefined, tx: DbOrTx = db): Promise<boolean> {
      if (!token) return false;
      const now = clock.now();
      const rows = await tx
        .update(captchaChallenges)
        .set({ tokenUsedAt: now })
        .where(
          and(
            eq(captchaChallenges.tokenHash, hashToken(token)),
            isNull(captchaChallenges.tokenUsedAt),
            gt(captchaChallenges.tokenExpiresAt, now),
          ),
        )
        .returning({ id: captchaChallenges.id });
      return rows.length === 1;
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
