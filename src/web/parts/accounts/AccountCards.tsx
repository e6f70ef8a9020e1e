import { AccountNameLink } from "../../ui/AccountNameLink";
import type { Account } from "../../api/accounts";
import { useLists, type ListDefinition } from "../../api/lists";
import { formatUsDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { PotentialDuplicateBadge } from "../../ui/PotentialDuplicateBadge";
import { EmailLink } from "../../ui/ContactLinks";
import { PinIcon } from "../../ui/icons";
import { listAccentClass } from "../../ui/list-accent";
import { Select } from "../../ui/Select";
import { AccountCheckbox } from "./AccountCheckbox";
import { ORDER_CHOICES, orderChoiceOf, orderedBy, type SortedAccountsPage } from "./account-list-view";
import { accountTick, pageTick, type AccountTick, type SelectedAccounts } from "./account-selection";
import { STANDARD_LISTS } from "../../ui/list-types";
import { useActiveTeam } from "../../api/team";
import { ownerNameOf } from "./owners";
import { dimmedWhile } from "../../ui/dimmed-while";

export interface AccountCardsProps {
  /** Undefined while the first page loads. */
  accounts: Account[] | undefined;
  pageSize: number;
  view: SortedAccountsPage;
  isRefreshing: boolean;
  selected: SelectedAccounts;
  onSelectedChange: (selected: SelectedAccounts) => void;
  onShow: (view: SortedAccountsPage) => void;
}

/**
 * The accounts table on a phone, where its eight columns cannot fit: a card per account with what staff
 * look for first, its box for the bulk actions, and a sort picker in place of the column headers.
 * Changing an account's list is done in bulk or on the account's screen.
 */
export function AccountCards({ accounts, pageSize, view, isRefreshing, selected, onSelectedChange, onShow }: AccountCardsProps) {
  const lists = useLists();
  const { allMembers } = useActiveTeam();
  const pageIds = accounts?.map((account) => account.id) ?? [];

  return (
    <div aria-busy={accounts === undefined || isRefreshing} data-testid="account-cards">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2">
        <label className="flex items-center gap-2 text-xs font-semibold whitespace-nowrap text-slate-600">
          <AccountCheckbox label="Select every account on this page" {...pageTick(selected, pageIds, onSelectedChange)} testId="accounts-select-page" />
          <span aria-hidden="true">Select page</span>
        </label>
        <Select
          label="Sort by"
          hideLabel
          className="min-w-0 flex-1 basis-40"
          value={orderChoiceOf(view)}
          options={ORDER_CHOICES}
          onChange={(choice) => onShow(orderedBy(view, choice))}
          data-testid="accounts-sort-select"
        />
      </div>
      <ul className={`divide-y divide-slate-100 ${dimmedWhile(isRefreshing)}`}>
        {accounts === undefined
          ? Array.from({ length: pageSize }, (_, index) => <PlaceholderCard key={index} />)
          : accounts.map((account) => (
              <AccountCard key={account.id} account={account} lists={lists} ownerName={ownerNameOf(account.ownerUserId, allMembers)} tick={accountTick(selected, account.id, pageIds, onSelectedChange)} />
            ))}
      </ul>
    </div>
  );
}

function AccountCard({ account, lists, ownerName, tick }: { account: Account; lists: ListDefinition[] | undefined; ownerName: string | null; tick: AccountTick }) {
  const list = (lists ?? STANDARD_LISTS).find((known) => known.key === account.listType) ?? { key: account.listType, name: account.listType, description: null, builtIn: false };
  const contact = account.primaryContact;

  return (
    <li className={`flex gap-3 px-4 py-3 ${tick.checked ? "bg-blue-50/60" : ""}`} data-testid="account-card" data-account-id={account.id}>
      <div className="pt-0.5">
        <AccountCheckbox label={`Select ${account.name}`} {...tick} testId="account-select" />
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-2">
          <AccountNameLink id={account.id} name={account.name} className="min-w-0" testId="account-name" />
          <span className="shrink-0 text-sm font-medium text-slate-900 tabular-nums">{formatDollars(account.totalOrderValue)}</span>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          <span
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700"
            title={account.listPinned ? `${list.name}: pinned by staff` : `${list.name}: by order activity`}
            data-testid="account-card-list"
          >
            {account.listPinned ? <PinIcon aria-hidden="true" className="size-3 shrink-0" /> : <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${listAccentClass(list)}`} />}
            <span className="truncate">{list.name}</span>
          </span>
          <span>{account.lastOrderDate ? `Last order ${formatUsDate(account.lastOrderDate)}` : "No orders"}</span>
          <span className={ownerName === null ? "text-slate-400" : "text-slate-600"} data-testid="account-card-owner">
            {ownerName === null ? "Unassigned" : `Owner: ${ownerName}`}
          </span>
          {account.hasDuplicate && <PotentialDuplicateBadge />}
        </div>
        <p className="truncate text-xs text-slate-500" title={contact?.email ?? undefined}>
          {contact ? (
            <>
              {`${contact.firstName} ${contact.lastName}`.trim()}
              {contact.email && (
                <>
                  {" · "}
                  <EmailLink email={contact.email} />
                </>
              )}
            </>
          ) : (
            "No contact"
          )}
        </p>
      </div>
    </li>
  );
}

function PlaceholderCard() {
  return (
    <li aria-hidden="true" className="flex gap-3 px-4 py-3" data-testid="account-card-placeholder">
      <span className="size-4 animate-pulse rounded bg-slate-200" />
      <span className="flex-1 space-y-2">
        <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-100" />
        <span className="block h-3 w-2/3 animate-pulse rounded bg-slate-100" />
      </span>
    </li>
  );
}
