import { useState } from "react";
import type { TeamMember } from "../../api/team";
import { useTeamMembers, type TeamRole } from "../../api/team-members";
import { Button } from "../Button";
import { ConfirmDialog } from "../ConfirmDialog";
import { TeamIcon, UserPlusIcon } from "../icons";
import { LoadError } from "../LoadError";
import { useToast } from "../toast/useToast";
import { ChangeRoleModal } from "./ChangeRoleModal";
import { InviteUserModal } from "./InviteUserModal";
import { OneTimePasswordDialog } from "./OneTimePasswordDialog";
import { SettingsCard } from "./SettingsCard";
import { refusalMessage, teamRoleLabel, type TeamMemberAction } from "./team-members";
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
  | { kind: "deactivate"; member: TeamMember }
  | { kind: "oneTimePassword"; title: string; name: string; password: string };

const UPDATE_FAILED = "Failed to update user";

/** Who is on the team, and for administrators: inviting, roles, passwords and deactivation. */
export function TeamMembersCard({ signedInUserId, canManageTeam }: TeamMembersCardProps) {
  const { toast } = useToast();
  const { members, error, retry, invite, update, resetPassword } = useTeamMembers();
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  const [busyMemberId, setBusyMemberId] = useState<number | null>(null);
  const closeDialog = () => setDialog(null);

  function startAction(member: TeamMember, action: TeamMemberAction) {
    // Reactivating takes nothing away, so it needs no confirmation.
    if (action === "reactivate") void setActive(member, true);
    else setDialog({ kind: action, member });
  }

  async function changeRole(member: TeamMember, role: TeamRole) {
    try {
      await update(member.id, { role });
    } catch (changeError) {
      // 409: the last active administrator cannot be demoted.
      toast({ variant: "destructive", title: "Error", description: refusalMessage(changeError, UPDATE_FAILED) });
      throw changeError;
    }
    setDialog(null);
    toast({ title: "Role Updated", description: `${member.name} is now ${role === "admin" ? "an" : "a"} ${teamRoleLabel(role)} user.` });
  }

  async function setActive(member: TeamMember, active: boolean) {
    setBusyMemberId(member.id);
    try {
      await update(member.id, { active });
      toast(
        active
          ? { title: "User Reactivated", description: `${member.name} can sign in again.` }
          : { title: "User Deactivated", description: `${member.name} can no longer sign in.` },
      );
    } catch (changeError) {
      // 409: the last active administrator cannot be deactivated.
      toast({ variant: "destructive", title: "Error", description: refusalMessage(changeError, UPDATE_FAILED) });
    } finally {
      setBusyMemberId(null);
      // Asking again would get the same answer: the toast says what happened either way.
      setDialog(null);
    }
  }

  async function resetMemberPassword(member: TeamMember) {
    setBusyMemberId(member.id);
    try {
      const { password } = await resetPassword(member.id);
      setDialog({ kind: "oneTimePassword", title: "Password Reset", name: member.name, password });
    } catch (resetError) {
      toast({ variant: "destructive", title: "Error", description: refusalMessage(resetError, "Failed to reset password") });
    } finally {
      setBusyMemberId(null);
    }
  }

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
          onInvited={({ user, password }) => setDialog({ kind: "oneTimePassword", title: "User Invited", name: user.name, password })}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === "changeRole" && (
        <ChangeRoleModal
          member={dialog.member}
          isSignedInUser={dialog.member.id === signedInUserId}
          onSave={(role) => changeRole(dialog.member, role)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === "resetPassword" && (
        <ConfirmDialog
          open
          title={`Reset the password of ${dialog.member.name}?`}
          message="Their current password stops working and they are signed out at once. You will get a new one-time password to give them."
          confirmLabel="Reset Password"
          pendingLabel="Resetting..."
          isPending={busyMemberId === dialog.member.id}
          onConfirm={() => void resetMemberPassword(dialog.member)}
          onCancel={closeDialog}
          testId="reset-password-dialog"
        />
      )}
      {dialog?.kind === "deactivate" && (
        <ConfirmDialog
          open
          title={`Deactivate ${dialog.member.name}?`}
          message="They will be signed out at once and can no longer sign in. Their history stays, and they can be reactivated later."
          confirmLabel="Deactivate"
          pendingLabel="Deactivating..."
          isPending={busyMemberId === dialog.member.id}
          isDestructive
          onConfirm={() => void setActive(dialog.member, false)}
          onCancel={closeDialog}
          testId="deactivate-user-dialog"
        />
      )}
      {dialog?.kind === "oneTimePassword" && (
        <OneTimePasswordDialog title={dialog.title} name={dialog.name} password={dialog.password} onClose={closeDialog} />
      )}
    </SettingsCard>
  );
}
