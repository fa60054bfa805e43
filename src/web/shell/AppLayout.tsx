// The frame every page lives in: header, page, and the cross-cutting layers (watermark, support
// chat, business-link dialog, toasts, route progress).
import type { ReactNode } from 'react';
import { SupportChat } from '../features/support/SupportChat';
import { useSessionUser } from '../session/useSessionUser';
import { AppHeader } from './AppHeader';
import { BusinessInfoDialog } from './BusinessInfoDialog';
import { ProgressBar } from './ProgressBar';
import type { FlatRoute } from './routeTable';
import { Toaster } from './toast/Toaster';
import { Watermark } from './Watermark';
import { watermarkText } from './watermarkText';

export function AppLayout({ route, children }: { route: FlatRoute | null; children: ReactNode }) {
  const user = useSessionUser();
  const signedInEmail = user?.isLogin ? user.userInfo.email : null;
  const showWatermark = route !== null && route.watermark !== false;
  const showChat = route !== null && !route.mobileOnly;
  return (
    <>
      <ProgressBar />
      <AppHeader email={signedInEmail} />
      <main>{children}</main>
      {showWatermark ? <Watermark text={watermarkText(user)} /> : null}
      {showChat ? <SupportChat userEmail={signedInEmail ?? ''} /> : null}
      <BusinessInfoDialog />
      <Toaster />
    </>
  );
}
