import { AccountBreadcrumb } from "./AccountBreadcrumb";
import { SkeletonLines } from "../../ui/DetailCard";

/** The screen's layout in grey while the account loads, so nothing jumps when it arrives. */
export function AccountDetailSkeleton() {
  return (
    <section aria-busy="true" aria-label="Loading account" className="space-y-6" data-testid="account-detail-loading">
      <AccountBreadcrumb name={<span className="block h-4 w-40 animate-pulse rounded bg-slate-200" />} />
      <SkeletonCard className="h-72" lines={6} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SkeletonCard className="h-80 lg:col-span-2" lines={7} />
        <SkeletonCard className="h-80" lines={5} />
      </div>
      <SkeletonCard className="h-64" lines={4} />
    </section>
  );
}

function SkeletonCard({ className, lines }: { className: string; lines: number }) {
  return (
    <div aria-hidden="true" className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>
      <span className="block h-5 w-44 animate-pulse rounded bg-slate-200" />
      <SkeletonLines count={lines} className="mt-6" />
    </div>
  );
}
