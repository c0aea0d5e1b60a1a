import { Component, type ReactNode } from 'react';
import { RotateCw, TriangleAlert } from 'lucide-react';

interface SectionBoundaryProps {
  /** the section as a visitor knows it, e.g. "Clan members" (starts the fallback's sentence) */
  name: string;
  /** the section's anchor, kept on the fallback so the navigation still finds it */
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * One page section or admin tab: when it throws while rendering, a small card takes its place and
 * the rest of the page keeps working. The error is logged once, by the root's `onCaughtError`.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { name, id, className = '' } = this.props;
    return (
      <section id={id} aria-label={name} className={className} data-testid="section-fallback">
        <div
          role="alert"
          className={
            'mx-auto flex max-w-6xl flex-col gap-4 rounded-2xl border border-amber-400/30 ' +
            'bg-ink-900/90 p-5 shadow-lg shadow-black/30 sm:flex-row sm:items-center sm:justify-between'
          }
        >
          <div className="flex gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
            <div className="space-y-1">
              <p className="font-semibold text-white">This section could not be shown.</p>
              <p className="text-sm text-slate-300">{name} ran into a problem; the rest of the page still works.</p>
            </div>
          </div>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className={
              'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg border border-gold-400/60 px-4 py-2 ' +
              'text-sm font-semibold text-gold-200 transition-colors hover:bg-gold-400 hover:text-ink-950 focus-ring'
            }
          >
            <RotateCw aria-hidden="true" className="size-4" />
            Reload the page
          </button>
        </div>
      </section>
    );
  }
}
