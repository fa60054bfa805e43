// Renders the real app at a path in jsdom, with same-origin calls sent to the local stub server.
import '../support/jsdomBrowser';
import { render } from '@testing-library/react';
import { App, createQueryClient } from '../../../src/web/App';
import type { StubApi } from './support';

const realFetch = globalThis.fetch;

export function routeFetchTo(server: StubApi) {
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${server.origin}${input}` : input, init);
  return () => {
    globalThis.fetch = realFetch;
  };
}

export function visit(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} isMobile={false} />);
}
