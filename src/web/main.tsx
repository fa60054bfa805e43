// Start-up: language, error reporting, device and font scaling, then the app.
import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './App';
import { startLocale } from './i18n/localeStore';
import { detectMobile } from './shell/device';
import { startErrorReporting } from './shell/errorReporting';
import { startRootFontScaling } from './shell/rootFont';

startLocale();
void startErrorReporting();
const isMobile = detectMobile();
startRootFontScaling(isMobile);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} isMobile={isMobile} />
  </StrictMode>,
);
