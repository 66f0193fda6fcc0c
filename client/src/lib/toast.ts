import { TIMINGS, TOAST } from '@common/constants';
import { useSyncExternalStore } from 'react';

/**
 * The toast list of spec §4: one visible at a time, the newest replaces the list, and a dismissed toast lingers
 * (closed) for the removal delay before it leaves memory. A module store so any code, not only components, can toast.
 */

export type ToastMessage = {
  id: number;
  title: string;
  description?: string;
  tone?: 'default' | 'danger';
  /** One button in the toast, e.g. to open the screen where the user can act on what it says. */
  action?: { label: string; onClick: () => void };
  open: boolean;
};

let nextId = 1;
let toasts: ToastMessage[] = [];
const listeners = new Set<() => void>();

function publish(next: ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(message: Omit<ToastMessage, 'id' | 'open'>): number {
  const id = nextId++;
  publish([{ ...message, id, open: true }, ...toasts].slice(0, TOAST.limit));
  return id;
}

export function dismissToast(id: number) {
  publish(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => publish(toasts.filter((t) => t.id !== id)), TIMINGS.toastRemoveDelayMs);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastMessage[] {
  return toasts;
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(subscribe, getToasts, getToasts);
}
