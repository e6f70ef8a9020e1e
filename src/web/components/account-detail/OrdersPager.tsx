import { formatCount, formatCountOf } from "../../format/count";
import { pageRange } from "../../ui/paging";
import { Button } from "../../ui/Button";
import { ChevronLeftIcon, ChevronRightIcon } from "../../ui/icons";

export interface OrdersPagerProps {
  /** Counted from 1. */
  page: number;
  pageSize: number;
  /** All the account's orders. */
  total: number;
  onPageChange: (page: number) => void;
  /** Prefixes the test ids, so that the card's pager and the dialog's can be told apart. */
  testIdPrefix: string;
}

/** 'Showing 6-10 of 23 orders', 'Page 2 of 5' (only when there is more than one page), Previous and Next. */
export function OrdersPager({ page, pageSize, total, onPageChange, testIdPrefix }: OrdersPagerProps) {
  const { from, to, pageCount } = pageRange(page, total, pageSize);

  return (
    <nav aria-label="Order pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3" data-testid={`${testIdPrefix}-pager`}>
      <p className="text-sm text-slate-600" data-testid={`${testIdPrefix}-range`}>
        Showing {formatCount(from)}-{formatCount(to)} of {formatCountOf(total, "order")}
      </p>
      <div className="flex items-center gap-3">
        {pageCount > 1 && (
          <p className="text-sm text-slate-600" data-testid={`${testIdPrefix}-page-indicator`}>
            Page {formatCount(page)} of {formatCount(pageCount)}
          </p>
        )}
        <div className="flex gap-2">
          <Button size="sm" icon={ChevronLeftIcon} disabled={page <= 1} onClick={() => onPageChange(page - 1)} data-testid={`${testIdPrefix}-previous`}>
            Previous
          </Button>
          <Button size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)} data-testid={`${testIdPrefix}-next`}>
            Next
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
