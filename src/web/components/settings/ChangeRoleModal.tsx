import { useState } from "react";
import type { TeamMember } from "../../api/team";
import type { TeamRole } from "../../api/team-members";
import { FormModal } from "../FormModal";
import { RoleChoice } from "./RoleChoice";

export interface ChangeRoleModalProps {
  member: TeamMember;
  isSignedInUser: boolean;
  /** Resolves once saved; rejects with the server's refusal, which the caller shows. */
  onSave: (role: TeamRole) => Promise<void>;
  onClose: () => void;
}

/** 'Change role' of one team member: Admin or Sales. */
export function ChangeRoleModal({ member, isSignedInUser, onSave, onClose }: ChangeRoleModalProps) {
  const [role, setRole] = useState<TeamRole>(member.role);
  const [isSaving, setIsSaving] = useState(false);
  const canSave = role !== member.role && !isSaving;

  async function save() {
    setIsSaving(true);
    try {
      await onSave(role);
    } catch {
      // The caller has said why; the dialog stays open for another choice.
      setIsSaving(false);
    }
  }

  return (
    <FormModal
      title="Change role"
      description={`Choose what ${member.name} can do.`}
      testId="change-role-modal"
      onClose={onClose}
      onSubmit={save}
      submitLabel="Save"
      pendingLabel="Saving..."
      isPending={isSaving}
      canSubmit={canSave}
      submitTestId="change-role-save"
      formClassName="space-y-3"
    >
      <RoleChoice value={role} onChange={setRole} disabled={isSaving} testId="change-role" />
      {isSignedInUser && member.role === "admin" && role === "sales" && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="change-role-self-warning">
          You will no longer be able to change settings or manage the team.
        </p>
      )}
    </FormModal>
  );
}
