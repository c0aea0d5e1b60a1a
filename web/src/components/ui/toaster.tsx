import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { X } from 'lucide-react';

/**
 * Notifications as SPEC.md §9 sets them: at most 1 shown (a new one replaces the old),
 * 5000 ms by default, swipe right past 50 px to dismiss, F8 focuses the viewport, at the
 * top on small screens and bottom-right from md up with a max width of 420 px.
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
}

const TOAST_LIMIT = 1;
const DEFAULT_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = { variant: 'default', duration: DEFAULT_DURATION_MS, ...input, id };
  items = [item, ...items].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id?: number): void {
  items = id === undefined ? [] : items.filter((t) => t.id !== id);
  emit();
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
  const current = useSyncExternalStore(subscribe, () => items, () => items);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        viewport.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ol
      ref={viewport}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 outline-none focus-visible:ring-2 focus-visible:ring-gold-300 sm:right-0 sm:top-auto sm:bottom-0 sm:flex-col md:max-w-[420px]"
    >
      {current.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
    </ol>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [item.id, item.duration]);

  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (dx > SWIPE_THRESHOLD_PX) dismissToast(item.id);
    start.current = null;
    setDx(0);
  };

  return (
    <li
      role={item.variant === 'error' ? 'alert' : 'status'}
      aria-live={item.variant === 'error' ? 'assertive' : 'polite'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ transform: dx ? `translateX(${dx}px)` : undefined, opacity: dx ? Math.max(0.2, 1 - dx / 200) : undefined }}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-10 shadow-2xl shadow-black/40 ${VARIANT_CLASSES[item.variant]}`}
    >
      <div className="grid gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
        className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-gold-300"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}
