// jsdom tests render whole pages on a shared 2-core machine: the default 1 s wait for an element is
// a flake, not a check. Ten seconds is still below the test timeout (30 s for this project).
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });

// Testing Library unmounts after each test only where the runner's globals exist (not here): a page
// left mounted kept Mantine's transition timers running after jsdom was torn down, and their
// "window is not defined" failed the run. Unmount explicitly.
afterEach(() => {
  cleanup();
});
