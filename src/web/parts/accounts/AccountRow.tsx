import { AccountNameLink } from "../../ui/AccountNameLink";
import { InitialsAvatar } from "../../ui/InitialsAvatar";
import { Link } from "wouter";
import type { Account } from "../../api/accounts";
import { formatCountOf } from "../../format/count";
import { formatUsDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { ICON_BUTTON_CLASS, IconButton } from "../../ui/Button";
import { PotentialDuplicateBadge } from "../../ui/PotentialDuplicateBadge";
import { EmailLink } from "../../ui/ContactLinks";
import { EyeIcon, MergeIcon, PencilIcon } from "../../ui/icons";
import { AccountCheckbox } from "./AccountCheckbox";
import type { AccountTick } from "./account-selection";
import { ListTypeSelect } from "./ListTypeSelect";

export interface AccountRowProps {
  account: Account;
  /** Null when nobody owns it; empty while the team's names load. */
  ownerName: string | null;
  tick: AccountTick;
  onEdit: () => void;
  /** Without it the row has no merge button: the lists screen offers only view and edit. */
  onMerge?: () => void;
}

export function AccountRow({ account, ownerName, tick, onEdit, onMerge }: AccountRowProps) {
  const detailHref = `/accounts/${account.id}`;
  const contact = account.primaryContact;

  return (
    <tr className={tick.checked ? "bg-blue-50/60" : "hover:bg-slate-50/70"} data-testid="account-row" data-account-id={account.id}>
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <AccountCheckbox label={`Select ${account.name}`} {...tick} testId="account-select" />
          <InitialsAvatar name={account.name} />
          <div className="min-w-0">
            <AccountNameLink id={account.id} name={account.name} href={detailHref} testId="account-name" />
            {/* Badges wrap under the domain rather than squeezing it out of a narrow column. */}
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <p className="max-w-full truncate text-xs text-slate-500" title={account.domain ?? undefined}>
                {account.domain ?? "No domain"}
              </p>
              {account.hasDuplicate && <PotentialDuplicateBadge />}
              {account.isNew && (
                <span className="shrink-0 rounded-full bg-emerald-100 px-1.5 py-0.5 text-[11px] leading-none font-medium text-emerald-700" data-testid="new-account-badge">
                  New
                </span>
              )}
            </div>
          </div>
        </div>
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        {account.lastOrderDate ? formatUsDate(account.lastOrderDate) : <span className="text-slate-400">No orders</span>}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatCountOf(account.orderCount, "order")}</td>
      <td className="px-3 py-3 font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatDollars(account.totalOrderValue)}</td>
      <td className="px-3 py-3">
        {contact ? (
          <div className="min-w-0">
            <p className="truncate text-slate-900">{`${contact.firstName} ${contact.lastName}`.trim()}</p>
            {contact.email && (
              <p className="truncate text-xs" title={contact.email}>
                <EmailLink email={contact.email} />
              </p>
            )}
          </div>
        ) : (
          <span className="text-slate-400">No contact</span>
        )}
      </td>
      <td className="px-3 py-3">
        <ListTypeSelect account={account} />
      </td>
      <td className="px-3 py-3">
        {ownerName === null ? (
          <span className="text-slate-400" data-testid="account-owner">
            Unassigned
          </span>
        ) : (
          <p className="truncate text-slate-700" title={ownerName} data-testid="account-owner">
            {ownerName}
          </p>
        )}
      </td>
      <td className="px-3 py-3">
        <div className="flex items-center">
          <Link href={detailHref} aria-label="View account" title="View account" className={ICON_BUTTON_CLASS}>
            <EyeIcon className="size-4" />
          </Link>
          <IconButton label="Edit account" icon={PencilIcon} onClick={onEdit} />
          {onMerge && <IconButton label="Merge account" icon={MergeIcon} onClick={onMerge} />}
        </div>
      </td>
    </tr>
  );
}
