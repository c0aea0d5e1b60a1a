import { useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';

/**
 * Notifications as docs/product.md §9 sets them, on Radix Toast: at most 1 shown (a new one replaces
 * the old), 5000 ms by default, swipe right past 50 px to dismiss, F8 focuses the viewport, at
 * the top on small screens and bottom-right from md up with a max width of 420 px; a dismissed
 * notification is closed at once and forgotten after the removal delay.
 */
export type ToastVariant = 'default' | 'error' | 'success';
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}
interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;
const DEFAULT_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = { variant: 'default', duration: DEFAULT_DURATION_MS, ...input, id, open: true };
  items = [item, ...items].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Closes one notification (or all); it is removed from memory after the removal delay. */
export function dismissToast(id?: number): void {
  items = items.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  emit();
  window.setTimeout(() => {
    items = items.filter((t) => t.open || (id !== undefined && t.id !== id));
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-ink-700 bg-ink-800 text-slate-100',
  error: 'border-red-500/60 bg-red-950 text-red-100',
  success: 'border-emerald-500/60 bg-emerald-950 text-emerald-100',
};

export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <ToastPrimitive.Provider
      duration={DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {current.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={
            `pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-2xl shadow-black/40 ` +
            `data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ` +
            `data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] ` +
            `data-[state=closed]:opacity-0 ${VARIANT_CLASSES[item.variant]}`
          }
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-ring-tight"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        className={
          'fixed top-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 outline-none ' +
          'focus-visible:ring-2 focus-visible:ring-gold-300 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]'
        }
      />
    </ToastPrimitive.Provider>
  );
}
