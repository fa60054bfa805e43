/**
 * How long a jsdom test waits for something in a lazy chunk, such as the header's menu
 * (src/web/shell/headerMenu): its first import takes over testing-library's 1 s default on a loaded
 * CI machine.
 */
export const MENU_LOADS = { timeout: 10_000 };
