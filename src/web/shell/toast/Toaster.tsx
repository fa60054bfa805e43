import { Notification } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { toasts } from './toastStore';

const colorByKind = { error: 'red', info: 'blue', success: 'green' } as const;

export function Toaster() {
  const toast = useSyncExternalStore(toasts.subscribe, toasts.current, toasts.current);
  if (!toast) return null;
  return (
    <div style={{ position: 'fixed', top: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 10000 }}>
      <Notification
        key={toast.id}
        role="alert"
        color={colorByKind[toast.kind]}
        withCloseButton
        onClose={toasts.dismiss}
        closeButtonProps={{ 'aria-label': 'close' }}
      >
        {toast.message}
      </Notification>
    </div>
  );
}
