import { useId } from "react";
import { Button } from "../../ui/Button";
import { FilterIcon } from "../../ui/icons";
import { TextField } from "../../ui/TextField";

export interface FirstOrderDates {
  /** YYYY-MM-DD, or empty. */
  from: string;
  to: string;
}

export interface FirstOrderFilterToggleProps {
  isOpen: boolean;
  /** The filter keeps applying while its dates are hidden; the toggle then shows a dot, so it is not forgotten. */
  isApplied: boolean;
  /** The id of the panel it shows and hides. */
  panelId: string;
  onToggle: () => void;
}

/** 'Filter by first order date': shows and hides the From and To dates. */
export function FirstOrderFilterToggle({ isOpen, isApplied, panelId, onToggle }: FirstOrderFilterToggleProps) {
  return (
    <Button
      icon={FilterIcon}
      aria-expanded={isOpen}
      aria-controls={isOpen ? panelId : undefined}
      onClick={onToggle}
      data-testid="first-order-filter-toggle"
      data-applied={isApplied}
    >
      Filter by first order date
      {isApplied && !isOpen && (
        <span className="size-2 rounded-full bg-blue-600">
          <span className="sr-only">(applied)</span>
        </span>
      )}
    </Button>
  );
}

export interface FirstOrderFilterPanelProps {
  id: string;
  dates: FirstOrderDates;
  /** Why the dates are not applied, if they are not. */
  problem: string | null;
  onChange: (dates: FirstOrderDates) => void;
}

/** From and To dates, either optional, and Clear; the cards and tabs count only accounts whose first order falls between them. */
export function FirstOrderFilterPanel({ id, dates, problem, onChange }: FirstOrderFilterPanelProps) {
  const problemId = useId();
  const hasDates = dates.from !== "" || dates.to !== "";
  const dateProps = { "aria-invalid": problem !== null, "aria-describedby": problem ? problemId : undefined, className: "w-44" };

  return (
    <div
      id={id}
      role="group"
      aria-label="First order date"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
      data-testid="first-order-filter"
    >
      <TextField label="From" type="date" value={dates.from} max={dates.to || undefined} onChange={(from) => onChange({ ...dates, from })} {...dateProps} data-testid="first-order-from" />
      <TextField label="To" type="date" value={dates.to} min={dates.from || undefined} onChange={(to) => onChange({ ...dates, to })} {...dateProps} data-testid="first-order-to" />
      <Button onClick={() => onChange({ from: "", to: "" })} disabled={!hasDates} data-testid="first-order-filter-clear">
        Clear
      </Button>
      <p
        id={problemId}
        role={problem ? "alert" : undefined}
        className={`min-w-48 flex-1 self-center text-sm ${problem ? "text-red-600" : "text-slate-500"}`}
        data-testid={problem ? "first-order-filter-problem" : undefined}
      >
        {problem ?? "Only accounts whose first order falls within these dates (New York time) are counted and listed."}
      </p>
    </div>
  );
}
