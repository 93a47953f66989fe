import { useEffect, useState, type ReactNode } from 'react';

/** Seed §9: one toast at a time; a dismissed toast is removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';
export type Toast = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  /** How long it shows, in ms (TOAST_DURATION_MS when not set). */
  duration?: number;
  open: boolean;
};

type State = { toasts: Toast[] };
let memory: State = { toasts: [] };
const listeners = new Set<(s: State) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: State) {
  memory = next;
  for (const listener of listeners) listener(memory);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: memory.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  for (const t of memory.toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  setState({ toasts: memory.toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)) });
}

export function toast(props: Omit<Toast, 'id' | 'open'>) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  setState({ toasts: [{ ...props, id, open: true }, ...memory.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setLocal] = useState<State>(memory);
  useEffect(() => {
    listeners.add(setLocal);
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}
