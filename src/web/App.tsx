// The providers and the router. Side-effect-free to import: main.tsx starts the app.
import { I18nProvider, useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { i18n } from './i18n/localeStore';
import { onSignOut } from './session/forgetUser';
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
    // The week starts on Monday on the Chinese page, on Sunday on the English (US) one.
    <DatesProvider
      settings={
        active.locale === 'zh-cn'
          ? { locale: 'zh-cn', firstDayOfWeek: 1 }
          : { locale: 'en', firstDayOfWeek: 0 }
      }
    >
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
  // Logout forgets the cached answers (user info, column settings, lists) of the account that left.
  useEffect(() => onSignOut(() => queryClient.clear()), [queryClient]);
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
