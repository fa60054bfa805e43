// Slider puzzles and their one-time tokens, kept in PostgreSQL so any API instance can check an
// answer or a token another instance issued. Every state change is one conditional UPDATE, so two
// requests racing for the same puzzle or token cannot both win.
//
// Each puzzle carries a proof of work (issue 29 §1, work.ts) priced by pressure (workPressure.ts):
// until the puzzle is answered its row's token_hash holds `work:` and the hash of the work's key
// (bound to the client that asked, so it cannot collide with a token's hash, which has no prefix);
// a right answer with the right key replaces it by the token's hash. The token names the level its
// work was done at, so spending it on an email under pressure can ask for more.
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
import { issueWork, workMatches } from './work';
import { workOf } from './workCurve';
import { levelForPuzzle, levelForTarget, oweLevel } from './workPressure';

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

const WORK_PREFIX = 'work:';

/** A token is random bytes, a dot and the level of the work that earned it (covered by its hash). */
function newToken(level: number): string {
  return `${randomBytes(32).toString('base64url')}.${level}`;
}

function levelOf(token: string): number {
  const level = Number(token.slice(token.lastIndexOf('.') + 1));
  return Number.isInteger(level) && level >= 0 ? level : 0;
}

export interface CaptchaServiceOptions {
  /** Shrinks every level's work (tests, benches that do not measure it); 1 in production. */
  workScale?: number;
}

export function createCaptchaService(db: Db, clock: Clock, options: CaptchaServiceOptions = {}) {
  const workScale = options.workScale ?? 1;
  /** The token's row marked spent, once; the same request sent again after a cut (same
   *  idempotency key) spent it already: still its. */
  async function spend(token: string, client: CaptchaClient, tx: DbOrTx, now: Date): Promise<boolean> {
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
  }

  return {
    /** A fresh puzzle for `client`, with its work priced by the pressure now. */
    async createChallenge(client: CaptchaClient): Promise<CaptchaChallenge> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + Limits.captcha.challengeValidMs);
      const level = await levelForPuzzle(db, client.ip, now);
      const [puzzle, issued] = await Promise.all([
        puzzleSource().next(),
        issueWork({ ...workOf(level, workScale), expiresAt }, client),
      ]);
      const [row] = await db
        .insert(captchaChallenges)
        .values({
          gapX: puzzle.gapX,
          gapY: puzzle.gapY,
          createdAt: now,
          expiresAt,
          tokenHash: `${WORK_PREFIX}${level}:${issued.keyHash}`,
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
        work: issued.work,
      };
    },

    /** One attempt per puzzle: the token when the answer is right and plausible and `work` is the
     *  key of this puzzle's work solved for this client, else null. */
    async verify(
      challengeId: string,
      answer: SliderAnswer,
      work: string,
      client: CaptchaClient,
    ): Promise<string | null> {
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
        .returning({ gapX: captchaChallenges.gapX, tokenHash: captchaChallenges.tokenHash });
      if (!row || !checkSliderAnswer(answer, row.gapX).ok) return null;
      const kept = row.tokenHash ?? '';
      // Without the prefix the answer was already accepted, for this same request (sent again after
      // a cut): its work was checked then.
      let level: number;
      if (kept.startsWith(WORK_PREFIX)) {
        const [levelText, keyHash] = kept.slice(WORK_PREFIX.length).split(':');
        if (!keyHash || !workMatches(keyHash, work, client)) return null;
        level = Number(levelText);
      } else {
        level = 0;
      }
      const token = newToken(level);
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
     *  expired or unknown one, or one earned by another client. With a `target` email under more
     *  pressure than the token's work was priced at, the token still counts (the person whose
     *  email it is is never turned away for what others did), but this client's next puzzles ask
     *  for that email's level: a script aimed at one inbox pays more from its second call on. */
    async consume(
      token: string | undefined,
      client: CaptchaClient,
      tx: DbOrTx = db,
      target?: { email: string },
    ): Promise<boolean> {
      if (!token) return false;
      const now = clock.now();
      const spent = await spend(token, client, tx, now);
      if (spent && target) {
        const needed = await levelForTarget(tx, target.email, now);
        if (needed > levelOf(token)) await oweLevel(tx, client.ip, needed, now);
      }
      return spent;
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
