// Start-up: language, error reporting, device and font scaling, then the app.
// First: configures zod before any module that loads it.
import './zodConfig';
import './styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './App';
import { localeReady, startLocale } from './i18n/localeStore';
import { detectMobile } from './shell/device';
import { startErrorReporting } from './shell/errorReporting';
import { startRootFontScaling } from './shell/rootFont';

startLocale();
void startErrorReporting();
const isMobile = detectMobile();
startRootFontScaling(isMobile);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// A production build fetches the language's catalog first: no page shows untranslated ids.
void localeReady().then(() => {
  const reactRoot = createRoot(root);
  // The first render as a transition yields to the browser every few milliseconds instead of
  // blocking the main thread in one long task (Lighthouse's total blocking time, issue 10 §1).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={createQueryClient()} isMobile={isMobile} />
      </StrictMode>,
    ),
  );
});
