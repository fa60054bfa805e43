// The back office's pages (route table: src/web/shell/routes.tsx, lazy chunk). A case opens on its
// queue's page with `?case=<uuid>`: routes take no parameters (spec §2).
export const AdminPagePaths = {
  home: '/admin',
  certifications: '/admin/certifications',
  cardApplications: '/admin/cardApplications',
  partnerLinks: '/admin/partnerLinks',
  machines: '/admin/machines',
  support: '/admin/support',
  accounts: '/admin/accounts',
} as const;

export const CASE_QUERY_KEY = 'case';

export function caseHref(queuePath: string, caseId: string): string {
  return `${queuePath}?${CASE_QUERY_KEY}=${encodeURIComponent(caseId)}`;
}
