import { ACCOUNT_PAGE_SIZES, type AccountPageSize } from "../api/accounts";
import { formatCount } from "../format/count";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../useMediaQuery";
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon, type IconProps } from "./icons";
import { pageNumbersAround, pageRange } from "./paging";
import { Select } from "./Select";
import type { ComponentType, ReactNode } from "react";

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

/**
 * 'Showing 11 to 20 of 20,000', the page size, and the pager: first, previous, the page numbers around the
 * current one with the first and last, next and last. A phone, with room for a few buttons, shows the
 * current page's number alone between the first's and the last's, which stand for First and Last.
 */
export function AccountsPagination({ page, total, onPageChange, pageSize, onPageSizeChange }: AccountsPaginationProps) {
  const { from, to, pageCount } = pageRange(page, total, pageSize);
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const numbers = pageNumbersAround(page, pageCount, isWide ? 2 : 0);

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600" data-testid="accounts-range">
        Showing <span className="font-medium text-slate-900">{formatCount(from)}</span> to{" "}
        <span className="font-medium text-slate-900">{formatCount(to)}</span> of{" "}
        <span className="font-medium text-slate-900">{formatCount(total)}</span> results
      </p>
      <div className="flex flex-wrap items-center gap-2">
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
        <div className="flex flex-wrap items-center gap-1" data-testid="accounts-pager">
          {isWide && <PagerButton label="First page" icon={ChevronsLeftIcon} disabled={page <= 1} onClick={() => onPageChange(1)} />}
          <PagerButton label="Previous page" icon={ChevronLeftIcon} disabled={page <= 1} onClick={() => onPageChange(page - 1)} />
          {numbers.map((number, index) =>
            number === "gap" ? (
              <span key={`gap-${index}`} aria-hidden="true" className="w-5 text-center text-sm text-slate-400">
                …
              </span>
            ) : (
              <PagerButton key={number} label={`Page ${formatCount(number)}`} current={number === page} onClick={() => onPageChange(number)}>
                {formatCount(number)}
              </PagerButton>
            ),
          )}
          <PagerButton label="Next page" icon={ChevronRightIcon} disabled={page >= pageCount} onClick={() => onPageChange(page + 1)} />
          {isWide && <PagerButton label="Last page" icon={ChevronsRightIcon} disabled={page >= pageCount} onClick={() => onPageChange(pageCount)} />}
        </div>
      </div>
    </nav>
  );
}

interface PagerButtonProps {
  label: string;
  onClick: () => void;
  icon?: ComponentType<IconProps>;
  disabled?: boolean;
  current?: boolean;
  children?: ReactNode;
}

function PagerButton({ label, onClick, icon: Icon, disabled = false, current = false, children }: PagerButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-current={current ? "page" : undefined}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm font-medium tabular-nums transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 ${
        current ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      }`}
    >
      {Icon ? <Icon className="size-4" /> : children}
    </button>
  );
}
