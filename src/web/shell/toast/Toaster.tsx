import { Notification } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Watermark } from '../../../contract/limits';
import { toasts } from './toastStore';

/** A toast is read over the watermark, never under it. */
const ABOVE_WATERMARK = Watermark.zIndex + 1;

const colorByKind = { error: 'red', info: 'blue', success: 'green' } as const;

export function Toaster() {
  const toast = useSyncExternalStore(toasts.subscribe, toasts.current, toasts.current);
  if (!toast) return null;
  return (
    <div
      style={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: ABOVE_WATERMARK,
      }}
    >
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
