import { useState } from "react";
import type { AccountDetail } from "../../api/account-detail";
import { formatCount, formatCountOf } from "../../format/count";
import { formatDollars } from "../../format/money";
import { pageRange } from "../accounts/account-list-view";
import { Button } from "../Button";
import { ChevronLeftIcon, ChevronRightIcon, PackageIcon } from "../icons";
import { AllOrdersModal } from "./AllOrdersModal";
import { DetailCard } from "./DetailCard";
import { clampPage, ORDERS_PAGE_SIZE } from "./order-display";
import { OrdersTable } from "./OrdersTable";

/** The account's orders, newest first, five a page, with the account's order count and value. */
export function RecentOrdersCard({ account }: { account: AccountDetail }) {
  const [requestedPage, setRequestedPage] = useState(1);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const { orders } = account;
  // After a refetch with fewer orders, a page past the end shows the last page instead of an empty table.
  const page = clampPage(requestedPage, pageRange(1, orders.length, ORDERS_PAGE_SIZE).pageCount);
  const { from, to, pageCount } = pageRange(page, orders.length, ORDERS_PAGE_SIZE);
  const pageOrders = orders.slice(from - 1, to);

  return (
    <DetailCard
      title="Recent Orders"
      summary={
        <span data-testid="orders-totals">
          {formatCountOf(account.orderCount, "order")} · {formatDollars(account.totalOrderValue)} total
        </span>
      }
      testId="recent-orders-card"
      bodyClassName=""
      actions={
        orders.length > 0 && (
          <Button size="sm" onClick={() => setIsShowingAll(true)} data-testid="view-all-orders-button">
            View All Orders
          </Button>
        )
      }
    >
      {orders.length === 0 ? (
        <div className="flex flex-col items-center px-5 py-12 text-center" data-testid="orders-empty">
          <PackageIcon className="size-8 text-slate-300" />
          <p className="mt-3 text-sm text-slate-500">No orders found for this account.</p>
        </div>
      ) : (
        <>
          <div className="overflow-x-auto">
            <OrdersTable orders={pageOrders} testId="orders-table" />
          </div>
          <nav aria-label="Order pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3" data-testid="orders-pager">
            <p className="text-sm text-slate-600" data-testid="orders-range">
              Showing {formatCount(from)}-{formatCount(to)} of {formatCountOf(orders.length, "order")}
            </p>
            <div className="flex items-center gap-3">
              {pageCount > 1 && (
                <p className="text-sm text-slate-600" data-testid="orders-page-indicator">
                  Page {formatCount(page)} of {formatCount(pageCount)}
                </p>
              )}
              <div className="flex gap-2">
                <Button size="sm" icon={ChevronLeftIcon} disabled={page <= 1} onClick={() => setRequestedPage(page - 1)} data-testid="orders-previous">
                  Previous
                </Button>
                <Button size="sm" disabled={page >= pageCount} onClick={() => setRequestedPage(page + 1)} data-testid="orders-next">
                  Next
                  <ChevronRightIcon className="size-4" />
                </Button>
              </div>
            </div>
          </nav>
        </>
      )}
      <AllOrdersModal open={isShowingAll} orders={orders} onClose={() => setIsShowingAll(false)} />
    </DetailCard>
  );
}
