import { useRef, useState } from "react";
import { ORDER_STATUS_LABELS, useAccountOrders, type OrderStatus } from "../../api/account-detail";
import { formatCountOf } from "../../format/count";
import { LoadError } from "../../ui/LoadError";
import { Modal } from "../../ui/Modal";
import { Select } from "../../ui/Select";
import { SkeletonLines } from "../../ui/DetailCard";
import { ORDER_STATUS_FILTER_OPTIONS, statusOfFilter } from "./order-display";
import { OrdersPager } from "./OrdersPager";
import { OrdersTable } from "./OrdersTable";
import { dimmedWhile } from "../../ui/dimmed-while";

/** Fifty orders a page: enough to scan, small enough to arrive at once for an account with thousands. */
const ALL_ORDERS_PAGE_SIZE = 50;

/**
 * Every order of the account, newest first, fifty a page in one scrollable table, or only those in one
 * status: the server filters, so the count and the pages are the status's own. Mounted only while open.
 */
export function AllOrdersModal({ accountId, onClose }: { accountId: number; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | undefined>(undefined);
  const { orderPage, error, isValidating, retry } = useAccountOrders(accountId, ALL_ORDERS_PAGE_SIZE, (page - 1) * ALL_ORDERS_PAGE_SIZE, status);
  const scrollerRef = useRef<HTMLDivElement>(null);

  function showPage(next: number) {
    setPage(next);
    // A new page starts at its top, not where the last one was scrolled to.
    scrollerRef.current?.scrollTo({ top: 0 });
  }

  function filterByStatus(value: string) {
    setStatus(statusOfFilter(value));
    // Another status has pages of its own: start at its first.
    showPage(1);
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="All Orders"
      description={orderPage ? formatCountOf(orderPage.total, "order") : "Loading orders..."}
      size="xl"
      testId="all-orders-modal"
      footer="close"
    >
      <Select
        label="Status"
        value={status ?? ""}
        options={ORDER_STATUS_FILTER_OPTIONS}
        onChange={filterByStatus}
        className="mb-3 sm:w-64"
        data-testid="all-orders-status-filter"
      />
      <div className="overflow-hidden rounded-lg border border-slate-200">
        {orderPage ? (
          orderPage.total === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-slate-500" data-testid="all-orders-empty">
              {status ? `No ${ORDER_STATUS_LABELS[status]} orders.` : "No orders found for this account."}
            </p>
          ) : (
            <>
              <div ref={scrollerRef} className={`max-h-[55vh] overflow-auto ${dimmedWhile(isValidating)}`} aria-busy={isValidating}>
                <OrdersTable orders={orderPage.items} testId="all-orders-table" />
              </div>
              <OrdersPager page={page} pageSize={ALL_ORDERS_PAGE_SIZE} total={orderPage.total} onPageChange={showPage} testIdPrefix="all-orders" />
            </>
          )
        ) : error ? (
          <LoadError title="The orders could not be loaded." error={error} onRetry={retry} compact testId="all-orders-error" />
        ) : (
          <SkeletonLines count={8} className="p-4" />
        )}
      </div>
    </Modal>
  );
}
