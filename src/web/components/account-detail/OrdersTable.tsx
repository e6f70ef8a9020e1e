import { useState } from "react";
import type { Order } from "../../api/account-detail";
import { formatCount, formatCountOf } from "../../format/count";
import { formatUsDate } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { StatusBadge } from "../../ui/StatusBadge";
import { NotGiven } from "./NotGiven";
import { OrderDialog } from "./OrderDialog";
import { shownOrderNumber } from "../../api/account-detail";
import { displayedOrderTotal, orderItemSummary, orderPrice, orderQuantity, orderStatusBadge, type OrderPrice } from "./order-display";

/**
 * The Status column needs a table this wide (the card on a large screen) to leave the item room; in a
 * narrower one (the All Orders dialog, the card on a laptop) the badge sits under the order number instead.
 */
const COLUMNS = [
  { label: "Order #", className: "w-52 @min-[60rem]:w-40" },
  { label: "Date", className: "w-28" },
  { label: "Status", className: "hidden w-48 @min-[60rem]:table-cell" },
  { label: "Item", className: "" },
  { label: "Qty", className: "w-16 text-right" },
  { label: "Price", className: "w-28 text-right" },
  { label: "Total", className: "w-32 text-right" },
] as const;

/**
 * Orders one a row; the header sticks to the top when the table scrolls inside a dialog. Below sm each row
 * is a small card (number, store and total, date and status, the item's whole name, quantity and price)
 * rather than columns to scroll sideways through. A row opens its order's dialog, which lists every line.
 */
export function OrdersTable({ orders, testId }: { orders: readonly Order[]; testId?: string }) {
  const [openOrder, setOpenOrder] = useState<Order | null>(null);

  return (
    <div className="@container">
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
            <OrderRow key={order.id} order={order} onOpen={() => setOpenOrder(order)} />
          ))}
        </tbody>
      </table>
      {openOrder && <OrderDialog order={openOrder} onClose={() => setOpenOrder(null)} />}
    </div>
  );
}

/** Each cell's padding in the table, and its place in the row's card below sm. */
const CELL = "px-4 py-3 max-sm:min-w-0 max-sm:p-0";

function OrderRow({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const orderNumber = shownOrderNumber(order);
  const { firstItem, moreCount } = orderItemSummary(order);
  const quantity = orderQuantity(order);
  const price = orderPrice(order);
  const total = displayedOrderTotal(order);
  const badge = orderStatusBadge(order.status);
  // Cancelled and rejected orders stay listed, greyed, their total struck through: they count in no figure.
  const isLeftOut = !order.counts;

  return (
    <tr
      className={`cursor-pointer hover:bg-slate-50/70 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3 ${isLeftOut ? "text-slate-400" : "text-slate-700"}`}
      onClick={onOpen}
      data-testid="order-row"
      data-order-id={order.id}
      data-counts={order.counts}
    >
      <td className={`${CELL} max-sm:col-start-1 max-sm:row-start-1`}>
        {/* The row's keyboard way in: Enter or Space clicks the button, and its click reaches the row, which opens the order. */}
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={`Open order ${orderNumber ?? "without a number"}`}
          title={orderNumber ?? "This row of the file had no order number"}
          className={`block max-w-full truncate rounded text-left font-medium hover:text-blue-600 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${isLeftOut ? "text-slate-500" : "text-slate-900"}`}
          data-testid="order-number"
        >
          {orderNumber ?? <span className="font-normal text-slate-400">No number</span>}
        </button>
        {/* On a phone the status badge beside it leaves the column narrow: the store's name wraps there rather than being cut. */}
        {order.store && (
          <p className="truncate text-xs text-slate-500 max-sm:whitespace-normal max-sm:wrap-anywhere" title={order.store} data-testid="order-store">
            {order.store}
          </p>
        )}
        {/* Where the table is too narrow for its Status column (see COLUMNS), the badge is shown here instead. */}
        {badge && (
          <div className="mt-1 hidden sm:block sm:@min-[60rem]:hidden">
            <StatusBadge badge={badge} state={order.status ?? undefined} />
          </div>
        )}
      </td>
      <td className={`${CELL} whitespace-nowrap max-sm:col-start-1 max-sm:row-start-2 max-sm:text-slate-500`}>{formatUsDate(order.placedAt)}</td>
      <td className={`${CELL} max-sm:col-start-2 max-sm:row-start-2 max-sm:text-right sm:hidden sm:@min-[60rem]:table-cell`} data-testid="order-status">
        {badge ? <StatusBadge badge={badge} state={order.status ?? undefined} /> : <NotGiven className="max-sm:hidden" />}
      </td>
      <td className={`${CELL} max-sm:col-span-2 max-sm:row-start-3`}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {firstItem ? <span className="min-w-0 wrap-anywhere">{firstItem}</span> : <NotGiven />}
          {moreCount > 0 && <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">+{formatCount(moreCount)} more</span>}
        </div>
      </td>
      <td className={`${CELL} text-right tabular-nums max-sm:col-start-1 max-sm:row-start-4 max-sm:text-left max-sm:text-slate-500`}>
        <span className="sm:hidden">Qty </span>
        {quantity === null ? <NotGiven /> : formatCount(quantity)}
      </td>
      <td className={`${CELL} text-right tabular-nums max-sm:col-start-2 max-sm:row-start-4 max-sm:text-slate-500`} data-testid="order-price">
        <OrderPriceText price={price} />
      </td>
      <td
        className={`${CELL} text-right font-medium tabular-nums max-sm:col-start-2 max-sm:row-start-1 ${isLeftOut ? "text-slate-400 line-through" : "text-slate-900"}`}
        data-testid="order-total"
      >
        {total === null ? <NotGiven /> : formatDollars(total)}
      </td>
    </tr>
  );
}

/** One line's unit price; for several lines, how many, since no one price is the order's. */
function OrderPriceText({ price }: { price: OrderPrice }) {
  switch (price.kind) {
    case "unit":
      return (
        <>
          {formatDollars(price.dollars)}
          <span className="sm:hidden"> each</span>
        </>
      );
    case "lines":
      return <span className="text-slate-400">{formatCountOf(price.lineCount, "line")}</span>;
    case "none":
      return <NotGiven />;
  }
}
