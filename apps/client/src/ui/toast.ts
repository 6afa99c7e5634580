import { useSyncExternalStore } from 'react';

export type ToastKind = 'blank' | 'success' | 'error' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Spec §9: 4000 ms for blank and error, 2000 ms for success, loading until done; at most 20 held. */
export const TOAST_DURATION: Record<ToastKind, number> = { blank: 4000, error: 4000, success: 2000, loading: Infinity };
export const TOAST_LIMIT = 20;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function schedule(t: Toast) {
  clearTimeout(timers.get(t.id));
  const ms = TOAST_DURATION[t.kind];
  if (Number.isFinite(ms))
    timers.set(
      t.id,
      setTimeout(() => dismissToast(t.id), ms),
    );
}

export function showToast(message: string, kind: ToastKind = 'blank'): number {
  const t = { id: nextId++, kind, message };
  toasts = [t, ...toasts];
  for (const old of toasts.slice(TOAST_LIMIT)) dismissToast(old.id);
  toasts = toasts.slice(0, TOAST_LIMIT);
  schedule(t);
  emit();
  return t.id;
}

/** Turns a loading toast into its outcome, which then times out like any other. */
export function updateToast(id: number, message: string, kind: ToastKind): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, message, kind } : t));
  const t = toasts.find((x) => x.id === id);
  if (t) schedule(t);
  emit();
}

export const toast = {
  show: (m: string) => showToast(m, 'blank'),
  success: (m: string) => showToast(m, 'success'),
  error: (m: string) => showToast(m, 'error'),
  loading: (m: string) => showToast(m, 'loading'),
};

export function getToasts(): Toast[] {
  return toasts;
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getToasts,
    getToasts,
  );
}
