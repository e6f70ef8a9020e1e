import type { ReactNode } from "react";
import type { SortDirection } from "../api/accounts";
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from "./icons";

export interface SortableColumnHeaderProps {
  label: string;
  direction: SortDirection | null;
  onClick: () => void;
  /** Shown before the label, in the same cell: the box that ticks the page sits in the first column's header. */
  leading?: ReactNode;
}

/** A column header that sorts the table by its column; `direction` is null unless the table is sorted by it. */
export function SortableColumnHeader({ label, direction, onClick, leading }: SortableColumnHeaderProps) {
  const Arrow = direction === "asc" ? ArrowUpIcon : direction === "desc" ? ArrowDownIcon : ChevronsUpDownIcon;

  return (
    <th
      scope="col"
      aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"}
      className="px-3 py-3 align-bottom"
    >
      {leading}
      <button
        type="button"
        onClick={onClick}
        className={`-mx-1 inline-flex items-center gap-1 rounded px-1 text-left text-xs font-semibold hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${
          direction ? "text-slate-900" : "text-slate-500"
        }`}
      >
        {label}
        <Arrow className={`size-3.5 ${direction ? "text-blue-600" : "text-slate-300"}`} />
      </button>
    </th>
  );
}
