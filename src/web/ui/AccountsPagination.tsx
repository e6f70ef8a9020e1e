import { ACCOUNT_PAGE_SIZES, type AccountPageSize } from "../api/accounts";
import { formatCount } from "../format/count";
import { Button } from "./Button";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { pageRange } from "./paging";
import { Select } from "./Select";

export interface AccountsPaginationProps {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Rows a page holds. */
  pageSize: number;
  /** Offers the page sizes staff may choose from; without it the size is the table's own. */
  onPageSizeChange?: (pageSize: AccountPageSize) => void;
}

const PAGE_SIZE_OPTIONS = ACCOUNT_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

export function AccountsPagination({ page, total, onPageChange, pageSize, onPageSizeChange }: AccountsPaginationProps) {
  const { from, to, pageCount } = pageRange(page, total, pageSize);

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" data-testid="accounts-range">
        Showing <span className="font-medium text-slate-900">{formatCount(from)}</span> to{" "}
        <span className="font-medium text-slate-900">{formatCount(to)}</span> of{" "}
        <span className="font-medium text-slate-900">{formatCount(total)}</span> results
      </p>
      <div className="flex items-center gap-2">
        {onPageSizeChange && (
          <Select
            label="Accounts per page"
            hideLabel
            className="w-34"
            value={String(pageSize)}
            options={PAGE_SIZE_OPTIONS}
            onChange={(value) => {
              const chosen = ACCOUNT_PAGE_SIZES.find((size) => String(size) === value);
              if (chosen) onPageSizeChange(chosen);
            }}
            data-testid="accounts-page-size"
          />
        )}
        {/* On a phone the arrows alone, so that the size and both buttons fit one row; the words stay for screen readers. */}
        <Button size="sm" icon={ChevronLeftIcon} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <span className="max-sm:sr-only">Previous</span>
        </Button>
        <Button size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          <span className="max-sm:sr-only">Next</span>
          <ChevronRightIcon className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
