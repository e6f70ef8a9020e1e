import type { CalendarDate } from "../../format/dates";
import { buttonClassName } from "../../ui/Button";
import { ClockIcon } from "../../ui/icons";
import { onDemand } from "../../ui/on-demand";
import { STAND_IN_ATTRIBUTE } from "../../ui/useMountOnIntent";

export interface RescheduleTaskPopoverProps {
  dueDate: CalendarDate;
  today: CalendarDate;
  disabled: boolean;
  onReschedule: (dueDate: CalendarDate) => void;
  className?: string;
  /** Only the button's look, until a person reaches for it (see useMountOnIntent). */
  standIn?: boolean;
}

const BUTTON_CLASS = `${buttonClassName("secondary", "sm")} w-full data-open:bg-slate-100`;

/** The popover's code (Headless UI's), which the first page does without (ui/on-demand.ts). */
export const reschedulePopoverCode = onDemand(() => import("./ReschedulePopover"));

/** 'Reschedule': Tomorrow or Next week in one click, or any date from today on. */
export function RescheduleTaskPopover({ dueDate, today, disabled, onReschedule, className = "", standIn = false }: RescheduleTaskPopoverProps) {
  const label = (
    <>
      <ClockIcon className="size-4 shrink-0" />
      Reschedule
    </>
  );
  const code = reschedulePopoverCode.loaded;
  if (standIn || code === undefined) {
    return (
      <div className={className}>
        <button type="button" {...STAND_IN_ATTRIBUTE} disabled={disabled} aria-haspopup="dialog" className={BUTTON_CLASS} data-testid="task-reschedule-button">
          {label}
        </button>
      </div>
    );
  }
  return <code.ReschedulePopover dueDate={dueDate} today={today} disabled={disabled} onReschedule={onReschedule} className={className} buttonClass={BUTTON_CLASS} label={label} />;
}
