import { useId } from "react";
import { Button } from "../Button";
import { FilterIcon } from "../icons";
import { TextField } from "../TextField";

export interface FirstOrderDates {
  /** YYYY-MM-DD, or empty. */
  from: string;
  to: string;
}

export interface FirstOrderDateFilterProps {
  dates: FirstOrderDates;
  /** Why the dates are not applied, if they are not. */
  problem: string | null;
  isOpen: boolean;
  onToggle: () => void;
  onChange: (dates: FirstOrderDates) => void;
}

/**
 * 'Filter by first order date': a toggle revealing From and To dates and Clear. The filter keeps
 * applying while the inputs are hidden; the toggle then shows a dot, so it is never forgotten.
 */
export function FirstOrderDateFilter({ dates, problem, isOpen, onToggle, onChange }: FirstOrderDateFilterProps) {
  const panelId = useId();
  const problemId = useId();
  const hasDates = dates.from !== "" || dates.to !== "";

  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="first-order-filter">
      <Button
        icon={FilterIcon}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={onToggle}
        className={hasDates ? "border-blue-300 bg-blue-50 text-blue-700 hover:bg-blue-100" : ""}
        data-testid="first-order-filter-toggle"
      >
        Filter by first order date
        {hasDates && !isOpen && (
          <span className="size-2 rounded-full bg-blue-600">
            <span className="sr-only">(applied)</span>
          </span>
        )}
      </Button>
      {isOpen && (
        <div id={panelId} role="group" aria-label="First order date" className="flex flex-wrap items-end gap-3">
          <TextField
            label="From"
            type="date"
            value={dates.from}
            max={dates.to || undefined}
            onChange={(from) => onChange({ ...dates, from })}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            className="w-40"
            data-testid="first-order-from"
          />
          <TextField
            label="To"
            type="date"
            value={dates.to}
            min={dates.from || undefined}
            onChange={(to) => onChange({ ...dates, to })}
            aria-invalid={problem !== null}
            aria-describedby={problem ? problemId : undefined}
            className="w-40"
            data-testid="first-order-to"
          />
          <Button onClick={() => onChange({ from: "", to: "" })} disabled={!hasDates} data-testid="first-order-filter-clear">
            Clear
          </Button>
          {problem && (
            <p id={problemId} role="alert" className="self-center text-sm text-red-600" data-testid="first-order-filter-problem">
              {problem}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
