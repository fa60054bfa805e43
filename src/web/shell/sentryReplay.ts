// Session replay, added 2 s after start in its own chunk (docs/stack.md: ~40 KB gzip kept off the first load).
import { addIntegration, replayIntegration } from '@sentry/react';

export function addReplay(): void {
  addIntegration(replayIntegration({ maskAllText: true, blockAllMedia: true }));
}
