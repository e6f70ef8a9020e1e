import { useState, type FormEvent, type ReactNode } from "react";
import { formatUsCalendarDate, type CalendarDate } from "../../format/dates";
import { Popover, PopoverButton, PopoverPanel } from "../../ui/headless-ui";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { quickRescheduleChoices } from "./task-board";

export interface ReschedulePopoverProps {
  dueDate: CalendarDate;
  today: CalendarDate;
  disabled: boolean;
  onReschedule: (dueDate: CalendarDate) => void;
  className: string;
  buttonClass: string;
  label: ReactNode;
}

/** The popover of RescheduleTaskPopover.tsx: Headless UI's, loaded on demand. */
export function ReschedulePopover({ dueDate, today, disabled, onReschedule, className, buttonClass, label }: ReschedulePopoverProps) {
  return (
    <Popover className={className}>
      <PopoverButton disabled={disabled} className={buttonClass} data-testid="task-reschedule-button">
        {label}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: "bottom start", gap: 4 }}
        className="z-40 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
        data-testid="reschedule-panel"
      >
        {({ close }) => (
          <ReschedulePanel
            dueDate={dueDate}
            today={today}
            onChoose={(date) => {
              close();
              onReschedule(date);
            }}
          />
        )}
      </PopoverPanel>
    </Popover>
  );
}

function ReschedulePanel({ dueDate, today, onChoose }: { dueDate: CalendarDate; today: CalendarDate; onChoose: (date: CalendarDate) => void }) {
  const [pickedDate, setPickedDate] = useState(dueDate < today ? today : dueDate);
  const canSave = pickedDate !== "" && pickedDate >= today && pickedDate !== dueDate;

  function savePicked(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSave) onChoose(pickedDate);
  }

  return (
    <>
      <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Reschedule to</p>
      <ul aria-label="Quick choices">
        {quickRescheduleChoices(today).map((choice) => (
          <li key={choice.label}>
            <button
              type="button"
              onClick={() => onChoose(choice.date)}
              disabled={choice.date === dueDate}
              className="flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
              data-testid={choice.testId}
            >
              {choice.label}
              <span className="text-xs text-slate-500 tabular-nums">{formatUsCalendarDate(choice.date)}</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={savePicked} className="mt-1 flex items-end gap-2 border-t border-slate-100 px-2 pt-2 pb-1">
        <TextField label="Pick a date" type="date" value={pickedDate} min={today} onChange={setPickedDate} className="min-w-0 flex-1" data-testid="reschedule-date-input" />
        <Button type="submit" variant="primary" size="sm" disabled={!canSave} className="mb-0.5" data-testid="reschedule-save">
          Save
        </Button>
      </form>
    </>
  );
}
