import { useState } from "react";
import type { NewTeamMember, OneTimePasswordAnswer } from "../../api/team-members";
import { FormModal } from "../FormModal";
import { TextField } from "../TextField";
import { RoleChoice } from "./RoleChoice";
import { canInvite, EMPTY_INVITE_FORM, newTeamMemberOf, refusalMessage, type InviteForm } from "./team-members";

export interface InviteUserModalProps {
  onInvite: (member: NewTeamMember) => Promise<OneTimePasswordAnswer>;
  onInvited: (answer: OneTimePasswordAnswer) => void;
  onClose: () => void;
}

/**
 * 'Invite User': a name, an e-mail and a role. The server makes up the first password, which the next
 * dialog shows once. A refusal (an e-mail already in use, say) is shown here, keeping what was typed.
 */
export function InviteUserModal({ onInvite, onInvited, onClose }: InviteUserModalProps) {
  const [form, setForm] = useState<InviteForm>(EMPTY_INVITE_FORM);
  const [isInviting, setIsInviting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canSubmit = canInvite(form) && !isInviting;

  async function invite() {
    setIsInviting(true);
    setFailure(null);
    try {
      onInvited(await onInvite(newTeamMemberOf(form)));
    } catch (error) {
      setFailure(refusalMessage(error, "Failed to invite user"));
      setIsInviting(false);
    }
  }

  function change(fields: Partial<InviteForm>) {
    setForm((current) => ({ ...current, ...fields }));
  }

  return (
    <FormModal
      title="Invite User"
      description="They sign in with their e-mail and a one-time password shown after this step."
      testId="invite-user-modal"
      onClose={onClose}
      onSubmit={invite}
      submitLabel="Invite User"
      pendingLabel="Inviting..."
      isPending={isInviting}
      canSubmit={canSubmit}
      submitTestId="invite-user-submit"
      formClassName="space-y-4"
    >
      <TextField
        label="Name"
        value={form.name}
        onChange={(name) => change({ name })}
        required
        maxLength={200}
        autoComplete="off"
        autoFocus
        disabled={isInviting}
        data-testid="invite-user-name"
      />
      <TextField
        label="E-mail"
        type="email"
        value={form.email}
        onChange={(email) => change({ email })}
        required
        maxLength={320}
        autoComplete="off"
        spellCheck={false}
        disabled={isInviting}
        data-testid="invite-user-email"
      />
      <RoleChoice value={form.role} onChange={(role) => change({ role })} disabled={isInviting} testId="invite-user-role" />
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="invite-user-error">
          {failure}
        </p>
      )}
    </FormModal>
  );
}
