import { useId, useState } from "react";
import type { Period } from "../../api/analytics";
import { formatUsCalendarDate, type CalendarDate } from "../../format/dates";
import { TextField } from "../../ui/TextField";
import { customPeriodProblem, PERIOD_CHOICE_LABELS, PERIOD_CHOICES, type PeriodChoice, type PeriodSelection } from "./period";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";

export interface PeriodPickerProps {
  selection: PeriodSelection;
  /** The days the selection stands for today. */
  period: Period;
  today: CalendarDate;
  onChange: (selection: PeriodSelection) => void;
}

/**
 * The period the figures and top products cover: a preset in one click, or two dates. Dates being typed
 * are the picker's own until they make a period, so that the figures never ask for an impossible one.
 */
export function PeriodPicker({ selection, period, today, onChange }: PeriodPickerProps) {
  const labelId = useId();

  function choose(choice: PeriodChoice) {
    // 'Custom' starts from the period on screen, which the person then moves.
    onChange(choice === "custom" ? { choice, from: period.from, to: period.to } : { choice });
  }

  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-3" data-testid="period-picker">
      <div className="max-w-full">
        <span id={labelId} className={FIELD_LABEL_CLASS}>
          Period
        </span>
        {/* Wraps on a phone rather than hiding choices past the edge. */}
        <div role="group" aria-labelledby={labelId} className="inline-flex max-w-full flex-wrap rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
          {PERIOD_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={selection.choice === choice}
              onClick={() => choose(choice)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${
                selection.choice === choice ? "bg-blue-600 text-white shadow-sm" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              }`}
              data-testid={`period-${choice}`}
            >
              {PERIOD_CHOICE_LABELS[choice]}
            </button>
          ))}
        </div>
      </div>
      {selection.choice === "custom" ? (
        // Keyed by the period applied, so that the fields start again from it when the URL changes (Back).
        <CustomPeriodFields key={`${period.from}/${period.to}`} period={period} today={today} onApply={(custom) => onChange({ choice: "custom", ...custom })} />
      ) : (
        <p className="pb-2 text-sm text-slate-500" data-testid="period-range">
          {formatUsCalendarDate(period.from)} – {formatUsCalendarDate(period.to)}
        </p>
      )}
    </div>
  );
}

function CustomPeriodFields({ period, today, onApply }: { period: Period; today: CalendarDate; onApply: (period: Period) => void }) {
  const [draft, setDraft] = useState(period);
  const problem = customPeriodProblem(draft.from, draft.to, today);
  const problemId = useId();
  const dateProps = { max: today, "aria-invalid": problem !== null, "aria-describedby": problem ? problemId : undefined, className: "w-44" };

  function change(next: Period) {
    setDraft(next);
    if (customPeriodProblem(next.from, next.to, today) === null) onApply(next);
  }

  return (
    <div role="group" aria-label="Custom period" className="flex flex-wrap items-end gap-3">
      <TextField label="From" type="date" value={draft.from} onChange={(from) => change({ ...draft, from })} {...dateProps} data-testid="period-from" />
      <TextField label="To" type="date" value={draft.to} onChange={(to) => change({ ...draft, to })} {...dateProps} data-testid="period-to" />
      {problem && (
        <p id={problemId} role="alert" className="self-center text-sm text-red-600" data-testid="period-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
