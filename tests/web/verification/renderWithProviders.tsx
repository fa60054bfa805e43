// The app's providers (language, Mantine) around a component under test.
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { i18n } from '../../../src/web/i18n/localeStore';
import { theme } from '../../../src/web/shell/theme';

export function renderWithProviders(ui: ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>{ui}</MantineProvider>
    </I18nProvider>,
  );
}
