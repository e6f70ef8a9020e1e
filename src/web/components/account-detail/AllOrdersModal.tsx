import { useRef, useState } from "react";
import { useAccountOrders } from "../../api/account-detail";
import { formatCountOf } from "../../format/count";
import { Button } from "../Button";
import { LoadError } from "../LoadError";
import { Modal } from "../Modal";
import { SkeletonLines } from "./DetailCard";
import { OrdersPager } from "./OrdersPager";
import { OrdersTable } from "./OrdersTable";

/** Fifty orders a page: enough to scan, small enough to arrive at once for an account with thousands. */
const ALL_ORDERS_PAGE_SIZE = 50;

/** Every order of the account, newest first, fifty a page in one scrollable table. Mounted only while open. */
export function AllOrdersModal({ accountId, onClose }: { accountId: number; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const { orderPage, error, isValidating, retry } = useAccountOrders(accountId, ALL_ORDERS_PAGE_SIZE, (page - 1) * ALL_ORDERS_PAGE_SIZE);
  const scrollerRef = useRef<HTMLDivElement>(null);

  function showPage(next: number) {
    setPage(next);
    // A new page starts at its top, not where the last one was scrolled to.
    scrollerRef.current?.scrollTo({ top: 0 });
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="All Orders"
      description={orderPage ? formatCountOf(orderPage.total, "order") : "Loading orders..."}
      size="xl"
      testId="all-orders-modal"
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="overflow-hidden rounded-lg border border-slate-200">
        {orderPage ? (
          <>
            <div ref={scrollerRef} className={`max-h-[55vh] overflow-auto transition-opacity ${isValidating ? "opacity-60" : ""}`} aria-busy={isValidating}>
              <OrdersTable orders={orderPage.items} testId="all-orders-table" />
            </div>
            <OrdersPager page={page} pageSize={ALL_ORDERS_PAGE_SIZE} total={orderPage.total} onPageChange={showPage} testIdPrefix="all-orders" />
          </>
        ) : error ? (
          <LoadError title="The orders could not be loaded." error={error} onRetry={retry} compact testId="all-orders-error" />
        ) : (
          <SkeletonLines count={8} className="p-4" />
        )}
      </div>
    </Modal>
  );
}
