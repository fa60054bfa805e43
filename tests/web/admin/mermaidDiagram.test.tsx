// A machine's diagram is drawn by Mermaid, loaded on demand; while it loads and when drawing fails,
// the Mermaid text stays on the page. Mermaid itself is replaced here (one layer under test): the
// real library is exercised by tests/browser/backOffice.test.ts.
import '../support/jsdomBrowser';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLocale, i18n } from '../../../src/web/i18n/localeStore';
import { MermaidDiagram } from '../../../src/web/features/admin/machines/MermaidDiagram';
import { mermaidSvg } from '../../../src/web/features/admin/machines/mermaidSvg';
import { theme } from '../../../src/web/shell/theme';

vi.mock('../../../src/web/features/admin/machines/mermaidSvg', () => ({ mermaidSvg: vi.fn() }));
const drawn = vi.mocked(mermaidSvg);

const SOURCE = 'stateDiagram-v2\n  [*] --> choosing';

function show() {
  chooseLocale('en-us');
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <MermaidDiagram name="reviewDecision" source={SOURCE} />
      </MantineProvider>
    </I18nProvider>,
  );
}

beforeEach(() => {
  drawn.mockReset();
});
afterEach(cleanup);

describe('machine diagram', () => {
  it('replaces the text with the SVG Mermaid draws', async () => {
    drawn.mockResolvedValue('<svg id="mermaid-reviewDecision-1"><text>choosing</text></svg>');
    const { container } = show();
    // The text is there at once, while Mermaid loads.
    expect(screen.getByLabelText('Mermaid source of reviewDecision').textContent).toBe(SOURCE);
    await waitFor(() => expect(container.querySelector('svg#mermaid-reviewDecision-1')).not.toBeNull());
    expect(screen.queryByLabelText('Mermaid source of reviewDecision')).toBeNull();
    expect(drawn).toHaveBeenCalledWith('reviewDecision', SOURCE);
  });

  it('keeps the text when drawing fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    drawn.mockRejectedValue(new Error('Parse error on line 2'));
    const { container } = show();
    await waitFor(() => expect(container.querySelector('[data-diagram="failed"]')).not.toBeNull());
    expect(screen.getByLabelText('Mermaid source of reviewDecision').textContent).toBe(SOURCE);
    expect(container.querySelector('svg')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
