// The router: asks the access rules on every location, follows their redirects, renders the
// route's page inside the layout, drives the progress bar and the document title.
import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { sessionActor } from '../session/appSession';
import { MISSING_CERTIFICATION_STATUS } from '../session/sessionStore';
import { useSessionUser } from '../session/useSessionUser';
import { decideAccess, LOGIN, type AccessDecision } from './accessRules';
import { AppLayout } from './AppLayout';
import { routeProgress } from './routeProgress';
import { findRoute } from './routes';
import { useSessionRevokedOnNavigation } from './sessionCheck';

/** Finishes the progress bar once the page (lazy or not) has committed. */
function RouteSettled() {
  useEffect(() => routeProgress.done(), []);
  return null;
}

export function AppRouter({ isMobile }: { isMobile: boolean }) {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const search = useSearch();
  const user = useSessionUser();
  const isLoggedIn = user?.isLogin === true;
  // The navigation check asks the server too: a session revoked while the page was open fails it.
  const sessionRevoked = useSessionRevokedOnNavigation(location, isLoggedIn);

  const decision = useMemo<AccessDecision | 'check failed'>(() => {
    if (sessionRevoked) return 'check failed';
    try {
      return decideAccess(location, {
        isMobile,
        isLoggedIn,
        certificationStatus: user?.enterpriseCertificationStatus ?? MISSING_CERTIFICATION_STATUS,
        auditStatus: user?.enterpriseAuditStatus ?? null,
        role: user?.userInfo.role === 'reviewer' ? 'reviewer' : 'applicant',
      });
    } catch (error) {
      console.error('navigation check failed', error);
      return 'check failed';
    }
  }, [location, isMobile, isLoggedIn, user, sessionRevoked]);

  // Layout effects run before the page's passive effects, so start() precedes RouteSettled's done().
  useLayoutEffect(() => routeProgress.start(), [location]);

  useEffect(() => {
    // Spec §2: a failed navigation check while logged in logs out (the machine goes to /login).
    if (decision === 'check failed' && isLoggedIn) sessionActor.send({ type: 'navigation.checkFailed' });
  }, [decision, isLoggedIn]);

  const route =
    decision !== 'check failed' && decision.kind === 'render' ? (findRoute(location) ?? null) : null;

  useEffect(() => {
    if (route) document.title = i18n._(route.title);
  }, [route, i18n]);

  if (decision === 'check failed') return isLoggedIn ? null : <Redirect to={LOGIN} replace />;
  if (decision.kind === 'redirect') {
    // The query (lang, businessInfo) travels with the redirect. The key makes a chain of redirects
    // (/login → / → /gateway) navigate at each step: <Redirect> navigates only when it mounts.
    const target = search ? `${decision.to}?${search}` : decision.to;
    return <Redirect key={target} to={target} replace />;
  }
  if (!route) return null;
  const Page = route.component;
  return (
    <AppLayout route={route}>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        }
      >
        <Page />
        <RouteSettled key={location} />
      </Suspense>
    </AppLayout>
  );
}
