// The header's menus load after the page is usable (src/web/shell/headerMenu/HeaderMenu.tsx): a
// plain button stands in until the browser is idle; pressing it before then opens the menu when it
// arrives, and focus on it passes to the real button, so neither a quick click nor a keyboard user
// loses anything. The placeholder has no aria-expanded; Mantine's menu target has one.
import '../support/jsdomBrowser';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderMenu } from '../../../src/web/shell/headerMenu/HeaderMenu';
import { MENU_LOADS } from '../support/lazyChunkWait';

function renderMenu(onSelect = vi.fn()) {
  render(
    <MantineProvider>
      <HeaderMenu label="Help" items={[{ key: 'copy', label: 'Copy diagnostic info', onSelect }]} />
      <button type="button">elsewhere</button>
    </MantineProvider>,
  );
  return onSelect;
}

const menuButton = () => screen.getByRole('button', { name: 'Help' });
const loaded = () =>
  waitFor(() => expect(menuButton().getAttribute('aria-expanded')).toBe('false'), MENU_LOADS);

describe('header menu loaded after the page is usable', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('shows a placeholder first and loads the menu by itself when idle', async () => {
    renderMenu();
    expect(menuButton().hasAttribute('aria-expanded')).toBe(false);
    expect(screen.queryByRole('menuitem')).toBeNull();
    await loaded();
  });

  it('a press before the menu has loaded opens it when it arrives', async () => {
    const onSelect = renderMenu();
    fireEvent.click(menuButton());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Copy diagnostic info' }, MENU_LOADS));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('the focus on the placeholder passes to the real button', async () => {
    renderMenu();
    menuButton().focus();
    await loaded();
    expect(document.activeElement).toBe(menuButton());
  });

  it('a placeholder left before the menu loads does not take the focus back', async () => {
    renderMenu();
    menuButton().focus();
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    await loaded();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'elsewhere' }));
  });
});
