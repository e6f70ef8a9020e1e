import { useId, useState, type FormEvent } from "react";
import type { TeamMember } from "../../api/team";
import type { TeamRole } from "../../api/team-members";
import { Button } from "../Button";
import { Modal } from "../Modal";
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
  const formId = useId();
  const [role, setRole] = useState<TeamRole>(member.role);
  const [isSaving, setIsSaving] = useState(false);
  const canSave = role !== member.role && !isSaving;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    setIsSaving(true);
    try {
      await onSave(role);
    } catch {
      // The caller has said why; the dialog stays open for another choice.
      setIsSaving(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Change role"
      description={`Choose what ${member.name} can do.`}
      canClose={!isSaving}
      testId="change-role-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={!canSave} data-testid="change-role-save">
            {isSaving ? "Saving..." : "Save"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void save(event)} className="space-y-3">
        <RoleChoice value={role} onChange={setRole} disabled={isSaving} testId="change-role" />
        {isSignedInUser && member.role === "admin" && role === "sales" && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="change-role-self-warning">
            You will no longer be able to change settings or manage the team.
          </p>
        )}
      </form>
    </Modal>
  );
}
