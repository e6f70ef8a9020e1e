import { useId, type ComponentType, type ReactNode } from "react";
import type { IconProps } from "./icons";

export interface SettingsCardProps {
  title: string;
  description: string;
  icon: ComponentType<IconProps>;
  children: ReactNode;
  /** A button for the card's main action, at the right of its title. */
  action?: ReactNode;
  testId?: string;
}

/** One topic of the settings screen: a titled white card, named for screen readers by its title. */
export function SettingsCard({ title, description, icon: Icon, children, action, testId }: SettingsCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid={testId}>
      <CardHeader icon={Icon} action={action}>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </CardHeader>
      <div className="space-y-6 p-4 sm:p-6">{children}</div>
    </section>
  );
}

/** A settings card in grey while what it shows loads, the same height give or take, so nothing jumps. */
export function SettingsCardSkeleton({ title, icon, rows, testId }: { title: string; icon: ComponentType<IconProps>; rows: number; testId?: string }) {
  return (
    <section aria-busy="true" aria-label={`Loading ${title}`} className="rounded-xl border border-slate-200 bg-white shadow-sm" data-testid={testId}>
      <CardHeader icon={icon}>
        <span aria-hidden="true" className="block h-5 w-48 animate-pulse rounded bg-slate-200" />
        <span aria-hidden="true" className="mt-2 block h-4 w-72 max-w-full animate-pulse rounded bg-slate-100" />
      </CardHeader>
      <div aria-hidden="true" className="space-y-6 p-4 sm:p-6">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index}>
            <span className="block h-4 w-32 animate-pulse rounded bg-slate-200" />
            <span className="mt-2 block h-9 animate-pulse rounded-lg bg-slate-100" />
          </div>
        ))}
      </div>
    </section>
  );
}

/** The action sits right of the title, or on a phone under it, so that the title keeps the card's width. */
function CardHeader({ icon: Icon, action, children }: { icon: ComponentType<IconProps>; action?: ReactNode; children: ReactNode }) {
  return (
    <header className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-3 border-b border-slate-100 px-4 py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:px-6">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
        <Icon className="size-5" />
      </span>
      <div>{children}</div>
      {action && <div className="col-start-2 sm:col-start-3">{action}</div>}
    </header>
  );
}
