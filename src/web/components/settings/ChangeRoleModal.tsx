import { useState } from "react";
import type { TeamMember } from "../../api/team";
import type { TeamRole } from "../../api/team-members";
import { FormModal } from "../../ui/FormModal";
import { RoleChoice } from "./RoleChoice";

export interface ChangeRoleModalProps {
  member: TeamMember;
  isSignedInUser: boolean;
  /** True while the caller saves: after a refusal the dialog stays open for another choice. */
  isPending: boolean;
  onSave: (role: TeamRole) => void;
  onClose: () => void;
}

/** 'Change role' of one team member: Admin or Sales Manager. */
export function ChangeRoleModal({ member, isSignedInUser, isPending, onSave, onClose }: ChangeRoleModalProps) {
  const [role, setRole] = useState<TeamRole>(member.role);
  const canSave = role !== member.role && !isPending;

  return (
    <FormModal
      title="Change role"
      description={`Choose what ${member.name} can do.`}
      testId="change-role-modal"
      onClose={onClose}
      onSubmit={() => onSave(role)}
      submitLabel="Save"
      pendingLabel="Saving..."
      isPending={isPending}
      canSubmit={canSave}
      submitTestId="change-role-save"
      formClassName="space-y-3"
    >
      <RoleChoice value={role} onChange={setRole} disabled={isPending} testId="change-role" />
      {isSignedInUser && member.role === "admin" && role === "sales" && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="change-role-self-warning">
          You will no longer be able to change settings or manage the team.
        </p>
      )}
    </FormModal>
  );
}
