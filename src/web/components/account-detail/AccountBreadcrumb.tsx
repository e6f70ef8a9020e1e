import type { ReactNode } from "react";
import { Link } from "wouter";
import { ChevronRightIcon } from "../../ui/icons";

/** 'Accounts > {name}'; the name is the current page. */
export function AccountBreadcrumb({ name }: { name: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" data-testid="account-breadcrumb">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        <li className="shrink-0">
          <Link href="/accounts" className="rounded font-medium text-slate-500 hover:text-blue-600 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none">
            Accounts
          </Link>
        </li>
        <li aria-hidden="true" className="shrink-0 text-slate-400">
          <ChevronRightIcon className="size-4" />
        </li>
        <li aria-current="page" className="min-w-0 truncate font-medium text-slate-900">
          {name}
        </li>
      </ol>
    </nav>
  );
}
