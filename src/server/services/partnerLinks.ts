// Partner registration links: what the business-status check looks up (spec §7, docs/product-rules.md).
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { partnerLinks } from '../db/schema/index';
import type { Clock, Db } from '../types';

export function createPartnerLinkService(db: Db, clock: Clock) {
  return {
    async create(partnerName: string, code = randomBytes(9).toString('base64url')) {
      const [row] = await db
        .insert(partnerLinks)
        .values({ code, partnerName, createdAt: clock.now() })
        .returning();
      return row!;
    },
    list() {
      return db.select().from(partnerLinks).orderBy(desc(partnerLinks.createdAt));
    },
    async disable(code: string) {
      const rows = await db
        .update(partnerLinks)
        .set({ enabled: false, disabledAt: clock.now() })
        .where(eq(partnerLinks.code, code))
        .returning();
      return rows[0] ?? null;
    },
  };
}
