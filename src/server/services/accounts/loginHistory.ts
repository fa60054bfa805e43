// Every login attempt, and the signed-in user's own list of them (user center, spec §2).
import { checkInstantRange } from '../../../contract/validators/dateRange';
import { consistentRead } from '../../db/consistentRead';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { LoginHistoryItem } from '../../../contract/api/accounts';
import type { Page } from '../../../contract/envelope';
import { loginHistory, type LoginResultKind } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { DbOrTx } from '../../types';

export interface LoginAttempt {
  userId: string | null;
  email: string;
  at: Date;
  ip: string | null;
  device: string | null;
  result: LoginResultKind;
}

export async function recordLoginAttempt(db: DbOrTx, attempt: LoginAttempt): Promise<void> {
  await db.insert(loginHistory).values(attempt);
}

export async function listLoginHistory(
  db: DbOrTx,
  userId: string,
  query: { from?: string | undefined; to?: string | undefined; page: number; pageSize: number },
): Promise<Page<LoginHistoryItem>> {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  const check = from && to ? checkInstantRange(from, to) : 'ok';
  if (check === 'endBeforeStart') {
    throw new AppError('validationFailed', 400, [{ path: 'to', message: 'dateRange.order' }]);
  }
  if (check === 'tooLong') throw new AppError('dateRangeTooLong', 200);
  const conditions: SQL[] = [eq(loginHistory.userId, userId)];
  if (from) conditions.push(gte(loginHistory.at, from));
  if (to) conditions.push(lte(loginHistory.at, to));
  const where = and(...conditions);
  const [rows, [total]] = await consistentRead(db, (tx) =>
    Promise.all([
      tx
        .select()
        .from(loginHistory)
        .where(where)
        .orderBy(desc(loginHistory.at), desc(loginHistory.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      tx.select({ n: count() }).from(loginHistory).where(where),
    ]),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      time: r.at.toISOString(),
      ip: r.ip,
      device: r.device,
      result: r.result,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
