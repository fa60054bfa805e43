// The providers and the router. Side-effect-free to import: main.tsx starts the app.
import { I18nProvider, useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { i18n } from './i18n/localeStore';
import { AppRouter } from './shell/AppRouter';
import { cssVariablesResolver, localisedTheme } from './shell/theme';

export function createQueryClient(): QueryClient {
  // The API client already toasts failures; a retry would toast the same failure twice.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** Mantine's date components follow the active language. */
function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return (
    <DatesProvider settings={{ locale: active.locale === 'zh-cn' ? 'zh-cn' : 'en' }}>
      {children}
    </DatesProvider>
  );
}

/** Mantine with the theme of the active language (icon buttons' names) and AA-contrast colours. */
function LocalisedMantine({ children }: { children: ReactNode }) {
  const { t } = useLinguiMacro();
  const closeLabel = t`Close`;
  const theme = useMemo(() => localisedTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

export function App({ queryClient, isMobile }: { queryClient: QueryClient; isMobile: boolean }) {
  return (
    <I18nProvider i18n={i18n}>
      <LocalisedMantine>
        <LocalisedDates>
          <QueryClientProvider client={queryClient}>
            <AppRouter isMobile={isMobile} />
          </QueryClientProvider>
        </LocalisedDates>
      </LocalisedMantine>
    </I18nProvider>
  );
}
