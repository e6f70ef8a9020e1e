import { formatCount } from "../../format/count";
import { Button } from "../Button";
import { ChevronLeftIcon, ChevronRightIcon } from "../icons";
import { ACCOUNTS_PAGE_SIZE, pageRange } from "./account-list-view";

export interface AccountsPaginationProps {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Rows a page holds, where a table shows more than the accounts table's ten. */
  pageSize?: number;
}

export function AccountsPagination({ page, total, onPageChange, pageSize = ACCOUNTS_PAGE_SIZE }: AccountsPaginationProps) {
  const { from, to, pageCount } = pageRange(page, total, pageSize);

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" data-testid="accounts-range">
        Showing <span className="font-medium text-slate-900">{formatCount(from)}</span> to{" "}
        <span className="font-medium text-slate-900">{formatCount(to)}</span> of{" "}
        <span className="font-medium text-slate-900">{formatCount(total)}</span> results
      </p>
      <div className="flex gap-2">
        <Button size="sm" icon={ChevronLeftIcon} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
          <ChevronRightIcon className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
