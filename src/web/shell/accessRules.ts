// The access rules of spec §2, with DECISIONS.md's mobile exemption, as one pure function.
// The router asks it on every navigation and follows redirects until it answers `render`.
import { normalisePath } from './routeTable';
import { findRoute } from './routes';

export interface AccessContext {
  isMobile: boolean;
  isLoggedIn: boolean;
  /** enterpriseCertificationStatus; missing counts as -1 (spec §4). */
  certificationStatus: number;
  /** enterpriseAuditStatus; null when there is none. */
  auditStatus: number | null;
}

export type AccessDecision = { kind: 'render' } | { kind: 'redirect'; to: string };

export const HOME = '/';
export const LOGIN = '/login';
export const NOT_FOUND = '/404';
export const MOBILE_TRANSFER = '/mobileTransfer';

const render: AccessDecision = { kind: 'render' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/** Status 0 (not started or draft), or 1 with audit 3 (rejected: re-application). */
export function mayEnterCertification(status: number, audit: number | null): boolean {
  return status === 0 || (status === 1 && audit === 3);
}

export function decideAccess(rawPath: string, ctx: AccessContext): AccessDecision {
  const path = normalisePath(rawPath);
  const route = findRoute(path);

  // On a phone only mobile-only routes and the hand-off page render (DECISIONS.md). The hand-off
  // page renders signed in or not: sending a signed-out phone to /login would bounce it back here.
  if (ctx.isMobile) {
    if (path === MOBILE_TRANSFER) return render;
    if (!route?.mobileOnly) return redirect(MOBILE_TRANSFER);
  } else if (route?.mobileOnly) {
    return redirect(HOME);
  }

  if (!route) return redirect(ctx.isLoggedIn ? NOT_FOUND : LOGIN);
  if (path === HOME && route.redirectTo) return redirect(route.redirectTo);
  if (path === LOGIN && ctx.isLoggedIn) return redirect(HOME);
  if (!route.public && !ctx.isLoggedIn) return redirect(LOGIN);
  if (route.certificationEntry && !mayEnterCertification(ctx.certificationStatus, ctx.auditStatus)) {
    return redirect(HOME);
  }
  if (route.redirectTo) return redirect(route.redirectTo);
  return render;
}

