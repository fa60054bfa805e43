// GET /plat/config-management/public-config: what the browser may know of the server's config.
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export interface PublicConfig {
  supportChatUrl: string | null;
  supportEmail: string;
  cardSystemUrl: string | null;
  [key: string]: unknown;
}

export const PUBLIC_CONFIG_PATH = '/config-management/public-config';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: async ({ signal }) => {
    const config = await api.get<PublicConfig>(PUBLIC_CONFIG_PATH, undefined, { signal });
    if (config === false) throw new Error('public config unavailable');
    return config;
  },
  staleTime: Infinity,
});
