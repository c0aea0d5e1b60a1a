import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Banner } from './banner';

/**
 * A modal question before a destructive action, on the native <dialog>: the page behind is inert, Escape and
 * "Cancel" close it, focus starts on "Cancel" and goes back to what opened it. The dialog stays open while the
 * action runs and shows its error; the caller closes it (open=false) once the action succeeds.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
  onClosed,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** after the dialog has closed and the browser has put focus back: to move it elsewhere */
  onClosed?: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-cancel]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={onClosed}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      className={
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-white/10 bg-ink-900 p-5 text-slate-100 ' +
        'shadow-2xl shadow-black/50 backdrop:bg-black/70'
      }
    >
      {open ? (
        <>
          <h2 id={`${id}-title`} className="font-display text-lg font-bold text-white">
            {title}
          </h2>
          <div id={`${id}-body`} className="mt-2 grid gap-2 text-sm text-slate-300">
            {children}
          </div>
          {error ? (
            <div className="mt-3">
              <Banner kind="error">{error}</Banner>
            </div>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              data-cancel
              onClick={onCancel}
              disabled={busy}
              className={
                'inline-flex items-center rounded-lg border border-ink-700 px-4 py-2 text-sm font-semibold text-slate-200 ' +
                'transition-colors hover:border-gold-400 hover:text-gold-300 focus-ring disabled:opacity-70'
              }
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              disabled={busy}
              className={
                'inline-flex items-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white ' +
                'transition-colors hover:bg-red-600 focus-ring disabled:cursor-wait disabled:opacity-70'
              }
            >
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : null}
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
