// Every API route, under /plat (docs/api-conventions.md "Paths"). One line per area; each area is its own plugin.
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/index';
import { cardRoutes } from './card/index';
import { configManagementRoutes } from './configManagement/index';
import { coreRoutes } from './core/index';
import { fileRoutes } from './files/index';
import { kybRoutes } from './kyb/index';
import { supportRoutes } from './support/index';
import { accountRoutes } from './ums/accounts';
import { columnSettingsRoutes } from './ums/columnSettings';
import { publicKeyRoutes } from './ums/publicKey';
import { verificationRoutes } from './verify/index';

export async function apiRoutes(app: FastifyInstance) {
  await app.register(coreRoutes);
  await app.register(fileRoutes);
  await app.register(publicKeyRoutes, { prefix: '/ums' });
  await app.register(columnSettingsRoutes, { prefix: '/ums' });
  await app.register(configManagementRoutes, { prefix: '/config-management' });
  await app.register(accountRoutes, { prefix: '/ums' });
  await app.register(supportRoutes, { prefix: '/support' });
  await app.register(kybRoutes, { prefix: '/kyb' });
  await app.register(cardRoutes, { prefix: '/card' });
  await app.register(verificationRoutes);
  await app.register(adminRoutes, { prefix: '/admin' });
}
