import { formatBadgeCount, formatCountOf } from "../../format/count";
import { BellIcon } from "../../ui/icons";

export const BELL_BUTTON_CLASS =
  "relative rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus:ring-2 focus:ring-blue-500 focus:outline-none data-open:bg-slate-100";

export function bellLabel(count: number): string {
  return count > 0 ? `Notifications: ${formatCountOf(count, "task")} overdue or due today` : "Notifications";
}

/** What the bell shows, the same before and after its popover takes its place: how many tasks need the user. */
export function BellFace({ count }: { count: number }) {
  return (
    <>
      <BellIcon className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 min-w-4.5 rounded-full bg-red-500 px-1 py-0.5 text-center text-[10px] leading-none font-semibold text-white tabular-nums ring-2 ring-white"
          data-testid="notification-count"
        >
          {formatBadgeCount(count)}
        </span>
      )}
    </>
  );
}
