// Partner registration links in the back office (issue 8 §5): the same service the CLI uses
// (services/partnerLinks.ts), with paging, a clear answer for a taken code, and a disable that
// keeps the first disabling time.
import { count, desc, eq } from 'drizzle-orm';
import type { CreatePartnerLinkRequest, PartnerLinkItem } from '../../../contract/api/admin';
import type { Page } from '../../../contract/envelope';
import { consistentRead } from '../../db/consistentRead';
import { partnerLinks } from '../../db/schema/accounts';
import { AppError, notFound } from '../../errors';
import type { Clock, Db } from '../../types';
import { isUniqueViolation } from '../accounts/uniqueViolation';
import { createPartnerLinkService } from '../partnerLinks';

type PartnerLinkRow = typeof partnerLinks.$inferSelect;

export function createAdminPartnerLinks(db: Db, clock: Clock, publicUrl: string) {
  const links = createPartnerLinkService(db, clock);
  const itemOf = (row: PartnerLinkRow): PartnerLinkItem => ({
    code: row.code,
    partnerName: row.partnerName,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    // As the CLI prints it (src/server/cli/admin.ts).
    registerUrl: `${publicUrl}/register?businessInfo=${encodeURIComponent(row.code)}`,
  });

  return {
    async list(page: number, pageSize: number): Promise<Page<PartnerLinkItem>> {
      const { rows, total } = await consistentRead(db, async (tx) => {
        const rows = await tx
          .select()
          .from(partnerLinks)
          .orderBy(desc(partnerLinks.createdAt), desc(partnerLinks.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        const [counted] = await tx.select({ n: count() }).from(partnerLinks);
        return { rows, total: Number(counted?.n ?? 0) };
      });
      return { items: rows.map(itemOf), total, page, pageSize };
    },

    async create(request: CreatePartnerLinkRequest): Promise<PartnerLinkItem> {
      try {
        const row = request.code
          ? await links.create(request.partnerName, request.code)
          : await links.create(request.partnerName);
        return itemOf(row);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('validationFailed', 400, [{ path: 'code', message: 'field.invalid' }]);
        }
        throw error;
      }
    },

    async disable(code: string): Promise<PartnerLinkItem> {
      const [existing] = await db.select().from(partnerLinks).where(eq(partnerLinks.code, code));
      if (!existing) throw notFound();
      if (!existing.enabled) return itemOf(existing);
      const row = await links.disable(code);
      if (!row) throw notFound();
      return itemOf(row);
    },
  };
}
