// One toast at a time, shown for 3 s; a new one replaces the old (docs/product-rules.md).
import { Limits } from '../../../contract/limits';

export type ToastKind = 'error' | 'info' | 'success';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

type Listener = () => void;

export interface ToastStore {
  show(message: string, kind?: ToastKind): void;
  dismiss: () => void;
  current: () => Toast | null;
  subscribe: (listener: Listener) => () => void;
}

export function createToastStore(durationMs: number = Limits.toast.durationMs): ToastStore {
  let toast: Toast | null = null;
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  const dismiss = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    toast = null;
    emit();
  };

  return {
    show(message, kind = 'error') {
      if (timer !== undefined) clearTimeout(timer);
      toast = { id: nextId++, message, kind };
      timer = setTimeout(dismiss, durationMs);
      emit();
    },
    dismiss,
    current: () => toast,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one notifier. */
export const toasts = createToastStore();
