import { useState } from "react";
import { useParams } from "wouter";
import { useAccountDetail } from "../api/account-detail";
import { describeFailure } from "../api/client";
import type { MergeableAccount } from "../api/duplicates";
import { AccountBreadcrumb } from "../components/account-detail/AccountBreadcrumb";
import { AccountDetailSkeleton } from "../components/account-detail/AccountDetailSkeleton";
import { AccountInfoCard } from "../components/account-detail/AccountInfoCard";
import { AccountNotFound } from "../components/account-detail/AccountNotFound";
import { parseAccountId } from "../components/account-detail/account-route";
import { ContactsCard } from "../components/account-detail/ContactsCard";
import { CustomerActivityCard } from "../components/account-detail/CustomerActivityCard";
import { RecentOrdersCard } from "../components/account-detail/RecentOrdersCard";
import { DuplicateBanner } from "../components/duplicates/DuplicateBanner";
import { MergeAccountDialog } from "../components/duplicates/MergeAccountDialogOnDemand";
import { AccountTasks } from "../components/tasks/AccountTasks";
import { LoadError } from "../ui/LoadError";

export function AccountDetailScreen() {
  const params = useParams<{ id: string }>();
  const accountId = parseAccountId(params.id);
  if (accountId === null) return <AccountNotFound />;
  // Mounted afresh for each account, so that nothing opened, typed or kept on screen carries over to the next.
  return <AccountDetail key={accountId} accountId={accountId} />;
}

function AccountDetail({ accountId }: { accountId: number }) {
  const { account, error, retry } = useAccountDetail(accountId);
  const [merge, setMerge] = useState<MergeOpening | null>(null);

  if (!account) {
    if (error && describeFailure(error).status === 404) return <AccountNotFound />;
    if (error) {
      return (
        <section className="space-y-6" data-testid="account-detail-screen">
          <AccountBreadcrumb name="Account" />
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <LoadError title="The account could not be loaded." error={error} onRetry={retry} testId="account-detail-error" />
          </div>
        </section>
      );
    }
    return <AccountDetailSkeleton />;
  }

  return (
    <section className="space-y-6" data-testid="account-detail-screen" data-account-id={account.id}>
      <AccountBreadcrumb name={account.name} />
      <DuplicateBanner accountId={account.id} onMerge={(candidate) => setMerge({ preselected: candidate.account })} />
      <AccountInfoCard account={account} onMerge={() => setMerge({})} />
      <RecentOrdersCard account={account} />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0">
          <ContactsCard accountId={account.id} contacts={account.contacts} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <CustomerActivityCard accountId={account.id} tasks={<AccountTasks accountId={account.id} />} />
        </div>
      </div>
      {merge && <MergeAccountDialog account={account} preselected={merge.preselected} onClose={() => setMerge(null)} />}
    </section>
  );
}

/** How the merge dialog was opened: from the banner, with its candidate ticked, or from 'Merge Account'. */
interface MergeOpening {
  preselected?: MergeableAccount;
}
