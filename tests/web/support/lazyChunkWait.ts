import { fireEvent, screen } from '@testing-library/react';

/**
 * How long a jsdom test waits for something in a lazy chunk, such as the header's menu
 * (src/web/shell/headerMenu): its first import takes over testing-library's 1 s default on a loaded
 * CI machine.
 */
export const MENU_LOADS = { timeout: 10_000 };

/** How long a suite's setup may take to import the header menu's chunk on a loaded machine. */
export const PRELOAD_TIMEOUT_MS = 60_000;

/**
 * Imports the header menu's lazy chunk before the tests that use the menu without testing its
 * loading: the page's own lazy import then finds it in the module cache. Vitest transforms the chunk
 * (Mantine's Menu, the support actions) on first import, which took over 10 s with 9 processes on
 * 2 cores and failed a test whose subject was the support reference, not the chunk.
 */
export async function preloadHeaderMenu(): Promise<void> {
  await import('../../../src/web/shell/headerMenu/HeaderMenuLoaded');
}

/**
 * Opens a header menu once the real menu has replaced its placeholder (the real button carries
 * aria-expanded, the placeholder does not). testing-library lets a timer pass after it finds an
 * element, in which the loaded menu can replace a found placeholder: the click then reached a
 * detached button and nothing opened. Pressing the placeholder itself is headerMenu.test.tsx's
 * subject.
 */
export async function openHeaderMenu(name: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name, expanded: false }, MENU_LOADS));
}
