import { useTasksNeedingAttention } from "../../api/tasks";
import { useSession } from "../../session/useSession";
import { onDemand, onDemandComponent } from "../../ui/on-demand";
import { STAND_IN_ATTRIBUTE, useMountOnIntent } from "../../ui/useMountOnIntent";
import { BELL_BUTTON_CLASS, BellFace, bellLabel } from "./BellFace";

const popoverCode = onDemand(() => import("./NotificationPopover").then((module) => module.NotificationPopover));
const NotificationPopover = onDemandComponent(popoverCode);

/**
 * The bell: how many of the signed-in user's open tasks are overdue or due today, and a dropdown listing
 * them, a page at a time. The dropdown (Headless UI's popover, on demand) takes the button's place once a
 * person reaches for it (useMountOnIntent).
 */
export function NotificationBell() {
  const { user } = useSession();
  const attention = useTasksNeedingAttention(user?.id);
  const count = attention.total ?? 0;
  const { isEngaged, containerProps } = useMountOnIntent<HTMLDivElement>(popoverCode);

  return (
    <div className="relative" {...containerProps}>
      {isEngaged ? (
        <NotificationPopover attention={attention} />
      ) : (
        <button type="button" {...STAND_IN_ATTRIBUTE} aria-label={bellLabel(count)} aria-expanded="false" className={BELL_BUTTON_CLASS} data-testid="notification-bell">
          <BellFace count={count} />
        </button>
      )}
    </div>
  );
}
