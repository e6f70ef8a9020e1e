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
  { label: "Price", className: "w-28 text-right" },
  { label: "Total", className: "w-36 text-right" },
] as const;

/**
 * Orders one a row; the header sticks to the top when the table scrolls inside a dialog. Below sm each row
 * is a small card (number and total, date, the item's whole name, quantity and price) rather than six
 * columns to scroll sideways through.
 */
export function OrdersTable({ orders, testId }: { orders: readonly Order[]; testId?: string }) {
  return (
    <table className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-[640px] sm:table-fixed" data-testid={testId}>
      <thead className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 max-sm:hidden">
        <tr>
          {COLUMNS.map((column) => (
            <th key={column.label} scope="col" className={`px-4 py-2.5 text-xs font-semibold text-slate-500 ${column.className}`}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-sm:block">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </tbody>
    </table>
  );
}

/** Each cell's padding in the table, and its place in the row's card below sm. */
const CELL = "px-4 py-3 max-sm:min-w-0 max-sm:p-0";

function OrderRow({ order }: { order: Order }) {
  const { firstItem, moreCount } = orderItemSummary(order);
  const quantity = orderQuantity(order);
  const unitPrice = orderUnitPrice(order);
  const total = displayedOrderTotal(order);

  return (
    <tr
      className="hover:bg-slate-50/70 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3"
      data-testid="order-row"
      data-order-id={order.id}
    >
      <td className={`${CELL} truncate font-medium text-slate-900`} title={displayedOrderNumber(order)}>
        {displayedOrderNumber(order)}
      </td>
      <td className={`${CELL} whitespace-nowrap text-slate-700 max-sm:col-start-1 max-sm:row-start-2 max-sm:text-slate-500`}>{formatUsDate(order.placedAt)}</td>
      <td className={`${CELL} text-slate-700 max-sm:col-span-2 max-sm:row-start-3`}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {firstItem ? <span className="min-w-0 wrap-anywhere">{firstItem}</span> : <NotGiven />}
          {moreCount > 0 && <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">+{formatCount(moreCount)} more</span>}
        </div>
      </td>
      <td className={`${CELL} text-right text-slate-700 tabular-nums max-sm:col-start-1 max-sm:row-start-4 max-sm:text-left max-sm:text-slate-500`}>
        <span className="sm:hidden">Qty </span>
        {quantity === null ? <NotGiven /> : formatCount(quantity)}
      </td>
      <td className={`${CELL} text-right text-slate-700 tabular-nums max-sm:col-start-2 max-sm:row-start-4 max-sm:text-slate-500`}>
        {unitPrice === null ? (
          <NotGiven />
        ) : (
          <>
            {formatDollars(unitPrice)}
            <span className="sm:hidden"> each</span>
          </>
        )}
      </td>
      <td className={`${CELL} text-right font-medium text-slate-900 tabular-nums max-sm:col-start-2 max-sm:row-start-1`}>{total === null ? <NotGiven /> : formatDollars(total)}</td>
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
