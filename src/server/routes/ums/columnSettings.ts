// Table column settings, loaded and saved per user (spec §3, §7: /ums/user/menu/fields/list, /save).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { columnSettingsListRequest, columnSettingsSaveRequest } from '../../../contract/api/columnSettings';
import { columnSettings } from '../../db/schema/index';
import { ok } from '../../envelope';

export async function columnSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/user/menu/fields/list',
    { onRequest: app.requireSignedIn, schema: { body: columnSettingsListRequest } },
    async (request) => {
      const [row] = await app.db
        .select({ fields: columnSettings.fields })
        .from(columnSettings)
        .where(
          and(
            eq(columnSettings.userId, request.principal!.userId),
            eq(columnSettings.menuKey, request.body.menuKey),
          ),
        );
      return ok(request, { menuKey: request.body.menuKey, fields: row?.fields ?? null });
    },
  );

  app.post(
    '/user/menu/fields/save',
    { onRequest: app.requireSignedIn, schema: { body: columnSettingsSaveRequest } },
    async (request) => {
      const { menuKey, fields } = request.body;
      await app.db
        .insert(columnSettings)
        .values({ userId: request.principal!.userId, menuKey, fields, updatedAt: app.clock.now() })
        .onConflictDoUpdate({
          target: [columnSettings.userId, columnSettings.menuKey],
          set: { fields, updatedAt: app.clock.now() },
        });
      return ok(request, { menuKey, fields });
    },
  );
}
