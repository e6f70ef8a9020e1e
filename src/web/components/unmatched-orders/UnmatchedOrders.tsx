import { useId, useState } from "react";
import { Link } from "wouter";
import { ORDER_STATUS_LABELS } from "../../api/account-detail";
import { SUGGESTION_REASON_LABELS, useMatchOrder, useUnmatchedOrders, type AccountSuggestion, type UnmatchedOrder } from "../../api/unmatched-orders";
import { formatCountOf } from "../../format/count";
import { formatUsDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { canonicalPhone, displayPhone } from "../../format/phone";
import { AccountCombobox, type PickedAccount } from "../../ui/AccountCombobox";
import { Button } from "../../ui/Button";
import { CheckCircleIcon, PackageIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { ShowMore } from "../../ui/ShowMore";
import { Spinner } from "../../ui/Spinner";
import { useWrite } from "../../ui/use-write";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";

/**
 * Orders ShipStation sent without a customer e-mail: they count for no account until staff match each to
 * one (a suggested account, or any found by search), or a later import or fetch names the customer.
 */
export function UnmatchedOrders() {
  const pages = useUnmatchedOrders();
  const { orders, total, error } = pages;
  if (!orders) {
    if (error) return <LoadError title="The unmatched orders could not be loaded." error={error} onRetry={pages.refresh} testId="unmatched-orders-error" />;
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 border-4" label="Loading" />
      </div>
    );
  }
  return (
    <div className="space-y-4" data-testid="unmatched-orders">
      <p className="text-sm text-slate-600" data-testid="unmatched-orders-intro">
        {total === 0
          ? "Every order is in an account."
          : `${formatCountOf(total ?? orders.length, "order")} without a customer e-mail, counted in no account until matched. A later CSV import or ShipStation fetch that names the customer matches an order by itself.`}
      </p>
      {orders.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm" data-testid="unmatched-orders-empty">
          <CheckCircleIcon className="size-10 text-emerald-500" />
          <p className="mt-3 text-sm font-medium text-slate-900">No unmatched orders</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order.id}>
              <UnmatchedOrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
      <ShowMore pages={pages} failureTitle="More unmatched orders could not be loaded." testId="unmatched-orders-more" />
    </div>
  );
}

function UnmatchedOrderCard({ order }: { order: UnmatchedOrder }) {
  const headingId = useId();
  const matchOrder = useMatchOrder();
  const matching = useWrite({ failureTitle: "Could not match the order", fieldLabels: { accountId: "Account" } });
  const { shipTo } = order;
  const match = (accountId: number) => void matching.run(() => matchOrder(order.id, accountId), { success: (matched) => ({ title: matched.message }) });
  const address = [shipTo.street1, shipTo.street2, shipTo.city, [shipTo.state, shipTo.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");

  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="unmatched-order" data-order-id={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 items-center gap-2">
          <PackageIcon className="size-5 shrink-0 text-slate-400" />
          <h2 id={headingId} className="text-base font-semibold break-all text-slate-900">
            {order.orderNumber ? `Order #${order.orderNumber}` : "Order without a number"}
          </h2>
        </div>
        <p className="text-sm text-slate-600 tabular-nums">
          {formatUsDate(order.placedAt)}
          {order.total !== null && <span className="ml-3 font-semibold text-slate-900">{formatDollars(order.total)}</span>}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {[order.status && ORDER_STATUS_LABELS[order.status], order.store, formatCountOf(order.items, "item"), order.deliveries.map((delivery) => delivery.label).join(", ")].filter(Boolean).join(" · ")}
      </p>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="unmatched-order-ship-to">
        <ShipToLine label="Ship to" value={shipTo.name} />
        <ShipToLine label="Company" value={shipTo.company} />
        <ShipToLine label="Phone" value={shipTo.phone && displayPhone(canonicalPhone(shipTo.phone) ?? shipTo.phone)} />
        <ShipToLine label="Address" value={address} />
      </dl>

      <div className="mt-4 border-t border-slate-100 pt-4">
        <h3 className="text-sm font-medium text-slate-700">Suggested accounts</h3>
        {order.suggestions.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500" data-testid="unmatched-order-no-suggestions">
            No account shares this ship-to's phone, address or name.
          </p>
        ) : (
          <ul className="mt-2 space-y-2">
            {order.suggestions.map((suggestion) => (
              <Suggestion key={suggestion.accountId} suggestion={suggestion} disabled={matching.isPending} onMatch={() => match(suggestion.accountId)} />
            ))}
          </ul>
        )}
        <OtherAccountPicker orderId={order.id} disabled={matching.isPending} onMatch={match} />
      </div>
    </article>
  );
}

function ShipToLine({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="flex min-w-0 gap-2">
      <dt className="w-20 shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{value || "—"}</dd>
    </div>
  );
}

function Suggestion({ suggestion, disabled, onMatch }: { suggestion: AccountSuggestion; disabled: boolean; onMatch: () => void }) {
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="unmatched-order-suggestion" data-account-id={suggestion.accountId}>
      <div className="min-w-0">
        <Link href={`/accounts/${suggestion.accountId}`} className="text-sm font-medium break-words text-blue-700 hover:underline">
          {suggestion.accountName}
        </Link>
        {suggestion.email && <span className="ml-2 text-xs wrap-anywhere text-slate-500">{suggestion.email}</span>}
        <ul aria-label="What it shares with the ship-to" className="mt-1 flex flex-wrap gap-1.5">
          {suggestion.reasons.map((reason) => (
            <li key={reason} className="rounded-md bg-white px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200 ring-inset">
              {SUGGESTION_REASON_LABELS[reason]}
            </li>
          ))}
        </ul>
      </div>
      <Button size="sm" variant="primary" onClick={onMatch} disabled={disabled} className="shrink-0 self-start sm:self-center" data-testid="unmatched-order-match-suggestion">
        Match
      </Button>
    </li>
  );
}

/** Any account, found by search, for an order whose customer no suggestion names. */
function OtherAccountPicker({ orderId, disabled, onMatch }: { orderId: number; disabled: boolean; onMatch: (accountId: number) => void }) {
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const labelId = `unmatched-order-${orderId}-account`;
  return (
    <div className="mt-3">
      <label id={labelId} className={FIELD_LABEL_CLASS}>
        Another account
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <AccountCombobox
          account={account}
          onChange={setAccount}
          labelledBy={labelId}
          className="relative min-w-0 flex-1"
          testIds={{ input: "unmatched-order-account-input", list: "unmatched-order-account-options", option: "unmatched-order-account-option" }}
        />
        <Button onClick={() => account && onMatch(account.id)} disabled={disabled || account === null} className="shrink-0" data-testid="unmatched-order-match-picked">
          Match to this account
        </Button>
      </div>
    </div>
  );
}
