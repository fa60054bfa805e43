// Every spinner in the portal is named (`<Loader aria-label=…>`), and ARIA only allows a name on an
// element with a role. The portal's theme gives Mantine's Loader the progressbar role once
// (src/web/shell/theme.ts), so a page caught while loading passes axe (a case view did not: CI,
// session 14) and a screen reader announces what is loading.
import '../support/jsdomBrowser';
import { Loader, MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { localisedTheme } from '../../../src/web/shell/theme';

afterEach(cleanup);

describe('spinners in the portal theme', () => {
  it('are named progress bars that axe accepts', async () => {
    const { container } = render(
      <MantineProvider theme={localisedTheme('Close')}>
        <Loader size="sm" aria-label="正在加载 businessLicense.png.pdf" />
      </MantineProvider>,
    );
    expect(screen.getByRole('progressbar', { name: '正在加载 businessLicense.png.pdf' })).toBeTruthy();
    const result = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'aria-progressbar-name'] });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    expect(result.passes.map((v) => v.id)).toContain('aria-prohibited-attr');
  });
});
