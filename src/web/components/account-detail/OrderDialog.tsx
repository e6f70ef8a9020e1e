import type { ComponentType, ReactNode } from "react";
import { useOrderDetail, type Order, type OrderDelivery, type OrderDetail, type OrderLine } from "../../api/account-detail";
import { formatCount } from "../../format/count";
import { formatUsCalendarDate, formatUsDateTime } from "../../format/dates";
import { formatDollars } from "../../format/money";
import { FileSpreadsheetIcon, HistoryIcon, PlugIcon, type IconProps } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Modal } from "../../ui/Modal";
import { StatusBadge } from "../../ui/StatusBadge";
import { Field, FieldGroupHeading, SkeletonLines } from "../../ui/DetailCard";
import { NotGiven } from "./NotGiven";
import { PhoneLink } from "../../ui/ContactLinks";
import { canonicalPhone } from "../../format/phone";
import { deliveryTimes, displayedOrderTotal, orderStatusBadge, orderTitle, shipToLines } from "./order-display";

/**
 * One order whole: its status and store, dates, tracking, every line with its price, the totals, where it
 * shipped and how it reached the CRM. Opens on the row's figures (number, status, store) while the rest loads.
 */
export function OrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { order: detail, error, retry } = useOrderDetail(order.id);
  const shown = detail ?? order;

  return (
    <Modal
      open
      onClose={onClose}
      title={orderTitle(shown)}
      description={<OrderHeadline order={shown} />}
      size="xl"
      testId="order-dialog"
      footer="close"
    >
      {detail ? (
        <OrderDetailBody order={detail} />
      ) : error ? (
        <LoadError title="The order could not be loaded." error={error} onRetry={retry} compact testId="order-dialog-error" />
      ) : (
        <SkeletonLines count={6} />
      )}
    </Modal>
  );
}

/** The status badge and the store it was sold in, under the dialog's title. */
function OrderHeadline({ order }: { order: Order }) {
  const badge = orderStatusBadge(order.status);
  if (!badge && !order.store) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {badge && <StatusBadge badge={badge} state={order.status ?? undefined} testId="order-dialog-status" />}
      {order.store && <span data-testid="order-dialog-store">Sold in {order.store}</span>}
    </span>
  );
}

function OrderDetailBody({ order }: { order: OrderDetail }) {
  return (
    <div className="space-y-6" data-testid="order-detail">
      {!order.counts && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset" data-testid="order-left-out-note">
          This order counts in none of the account&apos;s figures: not in its order count, its value or its order dates.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Field label="Order date" testId="order-date">
          {formatUsDateTime(order.placedAt)}
        </Field>
        <Field label="Ship date" testId="order-ship-date">
          {order.shipDate ? formatUsCalendarDate(order.shipDate) : <NotGiven />}
        </Field>
        <Field label="Customer e-mail" testId="order-customer-email">
          <span className="wrap-anywhere">{order.customerEmail}</span>
        </Field>
        <Field label={order.tracking.length > 1 ? "Tracking numbers" : "Tracking number"} testId="order-tracking">
          {order.tracking.length === 0 ? (
            <NotGiven />
          ) : (
            <ul>
              {order.tracking.map((number) => (
                <li key={number} className="font-mono text-xs leading-5 wrap-anywhere">
                  {number}
                </li>
              ))}
            </ul>
          )}
        </Field>
      </dl>

      <section>
        <FieldGroupHeading>Items ({formatCount(order.lines.length)})</FieldGroupHeading>
        <OrderLinesTable order={order} />
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section>
          <FieldGroupHeading>Ship to</FieldGroupHeading>
          <ShipToAddress order={order} />
        </section>
        <section>
          <FieldGroupHeading>Came from</FieldGroupHeading>
          <DeliveryList deliveries={order.deliveries} />
        </section>
      </div>
    </div>
  );
}

/** Each line's cell in the table, and its place in the line's card below sm. */
const LINE_CELL = "px-4 py-2.5 max-sm:min-w-0 max-sm:p-0";

/** The lines one a row, then shipping and the order's total; below sm each line is a small card. */
function OrderLinesTable({ order }: { order: OrderDetail }) {
  const total = displayedOrderTotal(order);

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      <table className="w-full border-collapse text-left text-sm max-sm:block sm:table-fixed" data-testid="order-lines">
        <thead className="border-b border-slate-200 bg-slate-50 max-sm:hidden">
          <tr>
            <th scope="col" className="w-36 px-4 py-2 text-xs font-semibold text-slate-500">
              SKU
            </th>
            <th scope="col" className="px-4 py-2 text-xs font-semibold text-slate-500">
              Item
            </th>
            <th scope="col" className="w-16 px-4 py-2 text-right text-xs font-semibold text-slate-500">
              Qty
            </th>
            <th scope="col" className="w-28 px-4 py-2 text-right text-xs font-semibold text-slate-500">
              Unit price
            </th>
            <th scope="col" className="w-32 px-4 py-2 text-right text-xs font-semibold text-slate-500">
              Line total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {order.lines.length === 0 ? (
            <tr className="max-sm:block">
              <td colSpan={5} className="px-4 py-3 text-slate-500 max-sm:block">
                The order&apos;s source gave no items.
              </td>
            </tr>
          ) : (
            order.lines.map((line, index) => <OrderLineRow key={index} line={line} />)
          )}
        </tbody>
        <tfoot className="border-t border-slate-200 bg-slate-50/60 max-sm:block">
          <TotalRow label="Shipping paid" testId="order-shipping-paid">
            {order.shippingPaid === null ? <NotGiven /> : formatDollars(order.shippingPaid)}
          </TotalRow>
          <TotalRow label="Order total" testId="order-dialog-total" className={`font-semibold ${order.counts ? "text-slate-900" : "text-slate-400 line-through"}`}>
            {total === null ? <NotGiven /> : formatDollars(total)}
          </TotalRow>
        </tfoot>
      </table>
    </div>
  );
}

function OrderLineRow({ line }: { line: OrderLine }) {
  return (
    <tr className="text-slate-700 max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:gap-y-0.5 max-sm:px-4 max-sm:py-3" data-testid="order-line">
      <td className={`${LINE_CELL} font-mono text-xs wrap-anywhere max-sm:col-start-1 max-sm:row-start-2 max-sm:text-slate-500`} data-testid="order-line-sku">
        {line.sku ?? <NotGiven />}
      </td>
      <td className={`${LINE_CELL} wrap-anywhere text-slate-900 max-sm:col-start-1 max-sm:row-start-1 max-sm:font-medium`} data-testid="order-line-name">
        {line.name ?? <NotGiven />}
      </td>
      <td className={`${LINE_CELL} text-right tabular-nums max-sm:col-start-1 max-sm:row-start-3 max-sm:text-left max-sm:text-slate-500`} data-testid="order-line-quantity">
        <span className="sm:hidden">Qty </span>
        {line.quantity === null ? <NotGiven /> : formatCount(line.quantity)}
      </td>
      <td className={`${LINE_CELL} text-right tabular-nums max-sm:col-start-2 max-sm:row-start-3 max-sm:text-slate-500`} data-testid="order-line-unit-price">
        {line.unitPrice === null ? (
          <NotGiven />
        ) : (
          <>
            {formatDollars(line.unitPrice)}
            <span className="sm:hidden"> each</span>
          </>
        )}
      </td>
      <td className={`${LINE_CELL} text-right font-medium text-slate-900 tabular-nums max-sm:col-start-2 max-sm:row-start-1`} data-testid="order-line-total">
        {line.lineTotal === null ? <NotGiven /> : formatDollars(line.lineTotal)}
      </td>
    </tr>
  );
}

/** A figure under the lines, its label right-aligned against it; on phones label and figure share a line. */
function TotalRow({ label, testId, className = "text-slate-700", children }: { label: string; testId: string; className?: string; children: ReactNode }) {
  return (
    <tr className="max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:px-4 max-sm:py-2" data-testid={testId}>
      <th scope="row" colSpan={4} className="px-4 py-2 text-right font-normal text-slate-600 max-sm:p-0 max-sm:text-left">
        {label}
      </th>
      <td className={`px-4 py-2 text-right tabular-nums max-sm:p-0 ${className}`}>{children}</td>
    </tr>
  );
}

function ShipToAddress({ order }: { order: OrderDetail }) {
  const lines = shipToLines(order.raw.shipTo);
  const { phone } = order.raw.shipTo;
  if (lines.length === 0 && !phone) return <p className="text-sm text-slate-400">No address given.</p>;
  return (
    <address className="text-sm leading-6 text-slate-900 not-italic" data-testid="order-ship-to">
      {lines.map((line, index) => (
        <span key={index} className="block wrap-anywhere">
          {line}
        </span>
      ))}
      {/* The order keeps the phone as ShipStation sent it; it is read and dialled in the one stored form. */}
      {phone?.trim() && (
        <span className="block">
          <PhoneLink phone={canonicalPhone(phone)!} testId="order-ship-to-phone" />
        </span>
      )}
    </address>
  );
}

const ROUTE_ICONS: Readonly<Record<OrderDelivery["route"], ComponentType<IconProps>>> = {
  csv: FileSpreadsheetIcon,
  webhook: PlugIcon,
  backfill: HistoryIcon,
};

/** Every way the order reached the CRM, the first first: an import, the webhook, a backfill. */
function DeliveryList({ deliveries }: { deliveries: readonly OrderDelivery[] }) {
  if (deliveries.length === 0) return <p className="text-sm text-slate-400">Not recorded.</p>;
  return (
    <ul className="space-y-3" data-testid="order-deliveries">
      {deliveries.map((delivery) => {
        const Icon = ROUTE_ICONS[delivery.route];
        return (
          <li key={`${delivery.route}-${delivery.label}-${delivery.firstAt}`} className="flex gap-3" data-testid="order-delivery" data-route={delivery.route}>
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <div className="min-w-0">
              <p className="text-sm font-medium wrap-anywhere text-slate-900">{delivery.label}</p>
              <p className="text-xs text-slate-500">{deliveryTimes(delivery)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
