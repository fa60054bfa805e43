import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { routeProgress } from './routeProgress';

const widthByState = { idle: '0%', running: '80%', finishing: '100%' } as const;

export function ProgressBar() {
  const { t } = useLingui();
  const state = useSyncExternalStore(routeProgress.subscribe, routeProgress.state, routeProgress.state);
  if (state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t`Loading page`}
      aria-busy={state === 'running'}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        width: widthByState[state],
        background: 'var(--mantine-primary-color-filled)',
        transition: state === 'running' ? 'width 8s cubic-bezier(0.1, 0.7, 0.3, 1)' : 'width 150ms ease-out',
        zIndex: 10001,
      }}
    />
  );
}
