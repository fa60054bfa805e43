// The access rules of spec §2, with docs/product-rules.md's mobile exemption, as one pure function.
// The router asks it on every navigation and follows redirects until it answers `render`.
import { certificationStandingOf } from '../../contract/statuses';
import { normalisePath } from './routeTable';
import { findRoute } from './routes';

export interface AccessContext {
  isMobile: boolean;
  isLoggedIn: boolean;
  /** enterpriseCertificationStatus; missing counts as -1 (spec §4). */
  certificationStatus: number;
  /** enterpriseAuditStatus; null when there is none. */
  auditStatus: number | null;
  /** The session user's role (GET /plat/ums/user/info); missing counts as an applicant. */
  role?: 'applicant' | 'reviewer';
}

export type AccessDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

export const HOME = '/';
export const LOGIN = '/login';
export const NOT_FOUND = '/404';
export const MOBILE_TRANSFER = '/mobileTransfer';
export const BACK_OFFICE = '/admin';

/** Pages of the account itself, which a reviewer uses as much as an applicant. */
const ACCOUNT_PAGES: ReadonlySet<string> = new Set([NOT_FOUND, MOBILE_TRANSFER, '/modify-pwd']);

export function isBackOfficePath(path: string): boolean {
  return path === BACK_OFFICE || path.startsWith(`${BACK_OFFICE}/`);
}

const render: AccessDecision = { kind: 'render' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/** Status 0 (not started or draft), or 1 with audit 3 (rejected: re-application). */
export function mayEnterCertification(status: number, audit: number | null): boolean {
  const standing = certificationStandingOf(status, audit);
  return standing === 'open' || standing === 'rejected';
}

export function decideAccess(rawPath: string, ctx: AccessContext): AccessDecision {
  const path = normalisePath(rawPath);
  const route = findRoute(path);

  // On a phone only mobile-only routes and the hand-off page render (docs/product-rules.md). The hand-off
  // page renders signed in or not: sending a signed-out phone to /login would bounce it back here.
  if (ctx.isMobile) {
    if (path === MOBILE_TRANSFER) return render;
    if (!route?.mobileOnly) return redirect(MOBILE_TRANSFER);
  } else if (route?.mobileOnly) {
    return redirect(HOME);
  }

  if (!route) return redirect(ctx.isLoggedIn ? NOT_FOUND : LOGIN);
  if (path === HOME && route.redirectTo) {
    return redirect(ctx.isLoggedIn && ctx.role === 'reviewer' ? BACK_OFFICE : route.redirectTo);
  }
  if (path === LOGIN && ctx.isLoggedIn) return redirect(HOME);
  if (!route.public && !ctx.isLoggedIn) return redirect(LOGIN);
  if (!route.public) {
    // Issue 8: the back office is a separate role. Applicants never reach it (a 404 reveals nothing);
    // reviewers have no company, so the applicant pages (gateway included) send them to the back office.
    const reviewer = ctx.role === 'reviewer';
    if (isBackOfficePath(path) !== reviewer && !ACCOUNT_PAGES.has(path)) {
      return redirect(reviewer ? BACK_OFFICE : NOT_FOUND);
    }
  }
  if (route.certificationEntry && !mayEnterCertification(ctx.certificationStatus, ctx.auditStatus)) {
    return redirect(HOME);
  }
  if (route.redirectTo) return redirect(route.redirectTo);
  return render;
}
