import { Link } from "wouter";
import { buttonClassName } from "../../ui/Button";
import { AccountsIcon, ChevronLeftIcon } from "../../ui/icons";

export function AccountNotFound() {
  return (
    <section data-testid="account-not-found" className="flex justify-center pt-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <AccountsIcon className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Account not found</h2>
        <p className="mt-1 text-sm text-slate-500">{"The account you're looking for doesn't exist."}</p>
        <Link href="/accounts" className={`mt-6 ${buttonClassName("primary")}`}>
          <ChevronLeftIcon className="size-4" />
          Back to Accounts
        </Link>
      </div>
    </section>
  );
}
