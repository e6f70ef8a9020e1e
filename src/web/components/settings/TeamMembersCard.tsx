import { useState } from "react";
import type { TeamMember } from "../../api/team";
import { useAppConfig } from "../../api/app-config";
import { useTeamMembers, type TeamRole } from "../../api/team-members";
import { useWrite, type WriteOptions } from "../../ui/use-write";
import { useToast } from "../../ui/toast/useToast";
import { roleLabel } from "../../session/role-label";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { TeamIcon, UserPlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { ChangeRoleModal } from "./ChangeRoleModal";
import { InviteUserModal } from "./InviteUserModal";
import { OneTimePasswordDialog } from "./OneTimePasswordDialog";
import { SettingsCard } from "../../ui/SettingsCard";
import type { TeamMemberAction } from "./team-members";
import { TeamMembersTable } from "./TeamMembersTable";

export interface TeamMembersCardProps {
  signedInUserId: number;
  /** Administrators invite users and change them; everyone else sees the table only. */
  canManageTeam: boolean;
}

/** The dialog open over the card, if any: one at a time. */
type TeamDialog =
  | { kind: "invite" }
  | { kind: "changeRole"; member: TeamMember }
  | { kind: "resetPassword"; member: TeamMember }
  | { kind: "endSessions"; member: TeamMember }
  | { kind: "deactivate"; member: TeamMember }
  | { kind: "oneTimePassword"; title: string; name: string; password: string; note?: string | null };

/** What resetting a password does, said before it is done: e-mailed a link when the CRM sends e-mail, else a one-time password to hand over. */
const RESET_BY_EMAIL = "Their current password stops working and they are signed out at once. They get an e-mail with a link to choose a new one.";
const RESET_BY_HAND = "Their current password stops working and they are signed out at once. You will get a new one-time password to give them.";

/** The actions that take something away, and what each asks before it is done. */
const CONFIRMATIONS = {
  resetPassword: {
    title: (name: string) => `Reset the password of ${name}?`,
    message: RESET_BY_HAND,
    confirmLabel: "Reset Password",
    pendingLabel: "Resetting...",
    testId: "reset-password-dialog",
  },
  endSessions: {
    title: (name: string) => `End every session of ${name}?`,
    message: "They are signed out at once, on every browser. Their password stays: they can sign in again.",
    confirmLabel: "End Sessions",
    pendingLabel: "Ending...",
    testId: "end-sessions-dialog",
  },
  deactivate: {
    title: (name: string) => `Deactivate ${name}?`,
    message: "They will be signed out at once and can no longer sign in. Their history stays, and they can be reactivated later.",
    confirmLabel: "Deactivate",
    pendingLabel: "Deactivating...",
    isDestructive: true,
    testId: "deactivate-user-dialog",
  },
} as const;

type ConfirmedAction = keyof typeof CONFIRMATIONS;

function isConfirmation(dialog: TeamDialog): dialog is { kind: ConfirmedAction; member: TeamMember } {
  return dialog.kind in CONFIRMATIONS;
}

/**
 * Who is on the team, and for administrators: inviting, roles, passwords, sessions and deactivation. The server
 * refuses to demote or deactivate the last active administrator (409), and says so.
 */
export function TeamMembersCard({ signedInUserId, canManageTeam }: TeamMembersCardProps) {
  const { members, error, retry, invite, update, resetPassword, endSessions } = useTeamMembers();
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  const { toast } = useToast();
  const sendsEmail = useAppConfig().config?.sendsEmail ?? false;
  const closeDialog = () => setDialog(null);
  // One change at a time, to one member: their row's menu waits for it.
  const { run, isPending } = useWrite({ failureMessage: "Failed to update user" });
  const [changedMemberId, setChangedMemberId] = useState<number | null>(null);
  const busyMemberId = isPending ? changedMemberId : null;

  function change<Value>(member: TeamMember, write: () => Promise<Value>, options: WriteOptions<Value>) {
    setChangedMemberId(member.id);
    return run(write, options);
  }

  function startAction(member: TeamMember, action: TeamMemberAction) {
    // Reactivating takes nothing away, so it needs no confirmation.
    if (action === "reactivate") void setActive(member, true);
    else setDialog({ kind: action, member });
  }

  function changeRole(member: TeamMember, role: TeamRole) {
    void change(member, () => update(member.id, { role }), {
      success: { title: "Role Updated", description: `${member.name} is now ${role === "admin" ? "an" : "a"} ${roleLabel(role)} user.` },
      onSuccess: closeDialog,
    });
  }

  async function setActive(member: TeamMember, active: boolean) {
    await change(member, () => update(member.id, { active }), {
      success: active
        ? { title: "User Reactivated", description: `${member.name} can sign in again.` }
        : { title: "User Deactivated", description: `${member.name} can no longer sign in.` },
    });
    // Asking again would get the same answer: the toast says what happened either way.
    closeDialog();
  }

  function resetMemberPassword(member: TeamMember) {
    void change(member, () => resetPassword(member.id), {
      failureMessage: "Failed to reset password",
      onSuccess: ({ password, linkSentTo, mailFailure }) => {
        if (password === null) {
          toast({ title: "Password Reset", description: `${member.name} is signed out; a link to choose a new password was e-mailed to ${linkSentTo}.` });
          closeDialog();
        } else setDialog({ kind: "oneTimePassword", title: "Password Reset", name: member.name, password, note: mailFailure });
      },
    });
  }

  async function endMemberSessions(member: TeamMember) {
    await change(member, () => endSessions(member.id), {
      failureMessage: "Failed to end the sessions",
      success: { title: "Sessions Ended", description: `${member.name} is signed out everywhere.` },
    });
    closeDialog();
  }

  const confirmed: Record<ConfirmedAction, (member: TeamMember) => void> = {
    resetPassword: resetMemberPassword,
    endSessions: (member) => void endMemberSessions(member),
    deactivate: (member) => void setActive(member, false),
  };

  return (
    <SettingsCard
      title="Team Members"
      description="Who can sign in, and what they can change"
      icon={TeamIcon}
      testId="team-card"
      action={
        canManageTeam && (
          <Button variant="primary" icon={UserPlusIcon} onClick={() => setDialog({ kind: "invite" })} data-testid="invite-user-button">
            Invite User
          </Button>
        )
      }
    >
      {!members && error ? (
        <LoadError title="The team could not be loaded." error={error} onRetry={retry} compact testId="team-load-error" />
      ) : (
        <TeamMembersTable
          members={members}
          signedInUserId={signedInUserId}
          onAction={canManageTeam ? startAction : undefined}
          busyMemberId={busyMemberId}
        />
      )}

      {dialog?.kind === "invite" && (
        <InviteUserModal
          onInvite={invite}
          onInvited={({ user, password, invitationSentTo, mailFailure }) => {
            if (password === null) {
              toast({ title: "Invitation Sent", description: `Invitation sent to ${invitationSentTo}.` });
              closeDialog();
            } else setDialog({ kind: "oneTimePassword", title: "User Invited", name: user.name, password, note: mailFailure });
          }}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === "changeRole" && (
        <ChangeRoleModal
          member={dialog.member}
          isSignedInUser={dialog.member.id === signedInUserId}
          isPending={isPending}
          onSave={(role) => changeRole(dialog.member, role)}
          onClose={closeDialog}
        />
      )}
      {dialog && isConfirmation(dialog) && (
        <ConfirmDialog
          open
          {...CONFIRMATIONS[dialog.kind]}
          {...(dialog.kind === "resetPassword" && sendsEmail && dialog.member.active ? { message: RESET_BY_EMAIL } : {})}
          title={CONFIRMATIONS[dialog.kind].title(dialog.member.name)}
          isPending={busyMemberId === dialog.member.id}
          onConfirm={() => confirmed[dialog.kind](dialog.member)}
          onCancel={closeDialog}
        />
      )}
      {dialog?.kind === "oneTimePassword" && (
        <OneTimePasswordDialog title={dialog.title} name={dialog.name} password={dialog.password} note={dialog.note} onClose={closeDialog} />
      )}
    </SettingsCard>
  );
}
