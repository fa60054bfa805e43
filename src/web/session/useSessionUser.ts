import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type SessionUser } from './sessionStore';

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, readSession, readSession);
}
