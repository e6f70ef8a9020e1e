import { useId, type ReactNode } from "react";

export interface DetailCardProps {
  title: string;
  /** A line under the title: totals, counts. */
  summary?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  /** Defaults to padding all round; tables and tabs bring their own. */
  bodyClassName?: string;
  className?: string;
  testId?: string;
}

/** A titled white card: one topic of the account screen, named for screen readers by its title. */
export function DetailCard({ title, summary, actions, children, bodyClassName = "p-4 sm:p-5", className = "", testId }: DetailCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`rounded-xl border border-slate-200 bg-white shadow-sm ${className}`} data-testid={testId}>
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-100 px-4 py-4 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {summary && <p className="mt-0.5 text-sm text-slate-500">{summary}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}

/** A small caption over a group of fields inside a card. */
export function FieldGroupHeading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>;
}

/** One labelled value of a definition list. */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Grey bars in the shape of lines still loading. */
export function SkeletonLines({ count, className = "" }: { count: number; className?: string }) {
  return (
    <div aria-hidden="true" className={`space-y-3 ${className}`}>
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="block h-4 animate-pulse rounded bg-slate-200" style={{ width: `${90 - ((index * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
