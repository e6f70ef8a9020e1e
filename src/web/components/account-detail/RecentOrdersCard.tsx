import { useState } from "react";
import { useAccountOrders, type AccountDetail } from "../../api/account-detail";
import { pageRange } from "../../ui/paging";
import { Button } from "../../ui/Button";
import { PackageIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { AllOrdersModal } from "./AllOrdersModal";
import { DetailCard, SkeletonLines } from "../../ui/DetailCard";
import { clampPage, ORDERS_PAGE_SIZE, ordersTotalsLine } from "./order-display";
import { OrdersPager } from "./OrdersPager";
import { OrdersTable } from "./OrdersTable";
import { dimmedWhile } from "../../ui/dimmed-while";

/**
 * The account's orders, newest first, five a page fetched from the server, with the account's order count and
 * value. Cancelled and rejected orders are listed but count in neither: the totals say how many were left out.
 */
export function RecentOrdersCard({ account }: { account: AccountDetail }) {
  const [requestedPage, setRequestedPage] = useState(1);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const { orderPage, error, isValidating, retry } = useAccountOrders(account.id, ORDERS_PAGE_SIZE, (requestedPage - 1) * ORDERS_PAGE_SIZE);

  // After a refetch with fewer orders, a page past the end gives way to the last page instead of an empty table.
  if (orderPage && !isValidating) {
    const page = clampPage(requestedPage, pageRange(1, orderPage.total, ORDERS_PAGE_SIZE).pageCount);
    if (page !== requestedPage) setRequestedPage(page);
  }
  const hasOrders = (orderPage?.total ?? account.orderCount) > 0;

  return (
    <DetailCard
      title="Recent Orders"
      summary={
        // The page's X-Total-Count lists every order, cancelled ones included; until it arrives nothing is said to be left out.
        <span data-testid="orders-totals">{ordersTotalsLine(account, orderPage?.total)}</span>
      }
      testId="recent-orders-card"
      bodyClassName=""
      actions={
        hasOrders && (
          <Button size="sm" onClick={() => setIsShowingAll(true)} data-testid="view-all-orders-button">
            View All Orders
          </Button>
        )
      }
    >
      {orderPage ? (
        orderPage.total === 0 ? (
          <div className="flex flex-col items-center px-5 py-12 text-center" data-testid="orders-empty">
            <PackageIcon className="size-8 text-slate-300" />
            <p className="mt-3 text-sm text-slate-500">No orders found for this account.</p>
          </div>
        ) : (
          <>
            <div className={`overflow-x-auto ${dimmedWhile(isValidating)}`} aria-busy={isValidating}>
              <OrdersTable orders={orderPage.items} testId="orders-table" />
            </div>
            <OrdersPager page={requestedPage} pageSize={ORDERS_PAGE_SIZE} total={orderPage.total} onPageChange={setRequestedPage} testIdPrefix="orders" />
          </>
        )
      ) : error ? (
        <LoadError title="The orders could not be loaded." error={error} onRetry={retry} compact testId="orders-error" />
      ) : (
        <SkeletonLines count={ORDERS_PAGE_SIZE} className="p-5" />
      )}
      {isShowingAll && <AllOrdersModal accountId={account.id} onClose={() => setIsShowingAll(false)} />}
    </DetailCard>
  );
}
