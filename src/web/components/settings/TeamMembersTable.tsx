import { CardTableHead } from "../../ui/CardTableHead";
import { InitialsAvatar } from "../../ui/InitialsAvatar";
import type { TeamMember } from "../../api/team";
import { roleLabel } from "../../session/role-label";
import { memberStatusBadge } from "./status-badges";
import { StatusBadge } from "../../ui/StatusBadge";
import { TeamMemberActionsMenu } from "./TeamMemberActionsMenu";
import { lastActiveLabel, teamMemberActions, type TeamMemberAction } from "./team-members";

export interface TeamMembersTableProps {
  /** Undefined while the team loads: grey rows hold the table's place. */
  members: readonly TeamMember[] | undefined;
  signedInUserId: number;
  /** Absent for anyone but an administrator: the table then has no actions column. */
  onAction?: (member: TeamMember, action: TeamMemberAction) => void;
  /** The member whose change is being saved: their menu waits for it. */
  busyMemberId: number | null;
}

const COLUMNS = ["Name", "E-mail", "Role", "Last active", "Status"] as const;

const PLACEHOLDER_ROWS = 3;

/** A row of the table, or below sm a card: name and actions, then e-mail, role and status, last active, each on a line. */
const ROW_AS_CARD = "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3";
const CELL = "px-4 py-3 max-sm:p-0";
/** Below sm, lined up with the name rather than the avatar before it. */
const UNDER_NAME = "max-sm:col-start-1 max-sm:pl-11";

/**
 * Everyone who can sign in, or could: deactivated users stay listed, after the active ones. Below sm each
 * row is a small card (name and actions, e-mail, role and status, last active) rather than five columns
 * to scroll sideways through.
 */
export function TeamMembersTable({ members, signedInUserId, onAction, busyMemberId }: TeamMembersTableProps) {
  return (
    // Edge to edge: the card's padding would frame the header row in white. Positioned, so that the
    // screen-reader-only header of the actions column scrolls with the table rather than widen the page.
    <div className="relative -m-4 overflow-x-auto sm:-m-6">
      <table className="w-full text-left text-sm max-sm:block sm:min-w-[40rem]" data-testid="team-table" aria-busy={members === undefined}>
        <CardTableHead columns={COLUMNS} className="max-sm:hidden" actionsLabel={onAction ? "Actions" : undefined} actionsClassName="w-12" />
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {members === undefined
            ? Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => <PlaceholderRow key={index} withActions={onAction !== undefined} />)
            : members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  isSignedInUser={member.id === signedInUserId}
                  actions={onAction ? teamMemberActions(member, signedInUserId) : null}
                  isBusy={busyMemberId === member.id}
                  onAction={(action) => onAction?.(member, action)}
                />
              ))}
        </tbody>
      </table>
    </div>
  );
}

interface MemberRowProps {
  member: TeamMember;
  isSignedInUser: boolean;
  /** Null when the viewer may not change anyone. */
  actions: readonly TeamMemberAction[] | null;
  isBusy: boolean;
  onAction: (action: TeamMemberAction) => void;
}

function MemberRow({ member, isSignedInUser, actions, isBusy, onAction }: MemberRowProps) {
  return (
    <tr
      className={`${ROW_AS_CARD} ${member.active ? "" : "bg-slate-50/60 text-slate-500"}`}
      data-testid="team-member-row"
      data-member-id={member.id}
      data-email={member.email}
      data-active={member.active}
    >
      <td className={`${CELL} sm:pl-6`}>
        <div className="flex items-center gap-3">
          <InitialsAvatar name={member.name} size="sm" tone={member.active ? "blue" : "faded"} />
          <span className={`min-w-0 font-medium sm:whitespace-nowrap ${member.active ? "text-slate-900" : "text-slate-600"}`} data-testid="team-member-name">
            {member.name}
          </span>
          {isSignedInUser && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">You</span>}
        </div>
      </td>
      <td className={`${CELL} ${UNDER_NAME} text-slate-600 max-sm:col-span-2 max-sm:wrap-anywhere sm:whitespace-nowrap`} data-testid="team-member-email">
        {member.email}
      </td>
      <td className={`${CELL} ${UNDER_NAME} sm:whitespace-nowrap`} data-testid="team-member-role" data-role={member.role}>
        {roleLabel(member.role)}
      </td>
      <td className={`${CELL} ${UNDER_NAME} whitespace-nowrap text-slate-600 max-sm:col-span-2 max-sm:text-xs`} data-testid="team-member-last-active">
        <span className="sm:hidden">Last active </span>
        {lastActiveLabel(member.lastActiveAt)}
      </td>
      <td className={`${CELL} max-sm:col-start-2 max-sm:row-start-3`}>
        <StatusBadge badge={memberStatusBadge(member.active)} state={member.active ? "active" : "deactivated"} testId="team-member-status" />
      </td>
      {actions && (
        <td className={`${CELL} text-right max-sm:col-start-2 max-sm:row-start-1 sm:pr-6`}>
          <TeamMemberActionsMenu member={member} actions={actions} disabled={isBusy} onAction={onAction} />
        </td>
      )}
    </tr>
  );
}

function PlaceholderRow({ withActions }: { withActions: boolean }) {
  return (
    <tr aria-hidden="true" className={ROW_AS_CARD}>
      <td className={`${CELL} sm:pl-6`}>
        <div className="flex items-center gap-3">
          <span className="size-8 animate-pulse rounded-full bg-slate-200" />
          <span className="h-4 w-28 animate-pulse rounded bg-slate-200" />
        </div>
      </td>
      {["w-40", "w-14", "w-32", "w-16"].map((width) => (
        <td key={width} className={`${CELL} ${UNDER_NAME}`}>
          <span className={`block h-4 animate-pulse rounded bg-slate-100 ${width}`} />
        </td>
      ))}
      {withActions && <td className={`${CELL} sm:pr-6`} />}
    </tr>
  );
}
