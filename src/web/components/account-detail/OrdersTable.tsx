import type { Order } from "../../api/account-detail";
import { formatCount } from "../../format/count";
import { formatUsDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { displayedOrderNumber, displayedOrderTotal, orderItemSummary, orderQuantity, orderUnitPrice } from "./order-display";

const COLUMNS = [
  { label: "Order #", className: "w-32" },
  { label: "Date", className: "w-28" },
  { label: "Item", className: "" },
  { label: "Qty", className: "w-16 text-right" },
  { label: "Price", className: "w-24 text-right" },
  { label: "Total", className: "w-28 text-right" },
] as const;

/** Orders one a row; the header sticks to the top when the table scrolls inside a dialog. */
export function OrdersTable({ orders, testId }: { orders: readonly Order[]; testId?: string }) {
  return (
    <table className="w-full min-w-[640px] table-fixed border-collapse text-left text-sm" data-testid={testId}>
      <thead className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50">
        <tr>
          {COLUMNS.map((column) => (
            <th key={column.label} scope="col" className={`px-4 py-2.5 text-xs font-semibold text-slate-500 ${column.className}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </tbody>
    </table>
  );
}

function OrderRow({ order }: { order: Order }) {
  const { firstItem, moreCount } = orderItemSummary(order);
  const quantity = orderQuantity(order);
  const unitPrice = orderUnitPrice(order);
  const total = displayedOrderTotal(order);

  return (
    <tr className="hover:bg-slate-50/70" data-testid="order-row" data-order-id={order.id}>
      <td className="truncate px-4 py-3 font-medium text-slate-900" title={displayedOrderNumber(order)}>
        {displayedOrderNumber(order)}
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatUsDate(order.placedAt)}</td>
      <td className="px-4 py-3 text-slate-700">
        <div className="flex min-w-0 items-center gap-2">
          {firstItem ? (
            <span className="truncate" title={firstItem}>
              {firstItem}
            </span>
          ) : (
            <NotGiven />
          )}
          {moreCount > 0 && <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">+{formatCount(moreCount)} more</span>}
        </div>
      </td>
      <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{quantity === null ? <NotGiven /> : formatCount(quantity)}</td>
      <td className="px-4 py-3 text-right text-slate-700 tabular-nums">{unitPrice === null ? <NotGiven /> : formatDollars(unitPrice)}</td>
      <td className="px-4 py-3 text-right font-medium text-slate-900 tabular-nums">{total === null ? <NotGiven /> : formatDollars(total)}</td>
    </tr>
  );
}

/** A value the order's source did not give. */
function NotGiven() {
  return (
    <span className="text-slate-400" aria-label="Not given">
      —
    </span>
  );
}
