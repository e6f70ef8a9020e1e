import type { NewTeamMember, OneTimePasswordAnswer } from "../../api/team-members";
import { useWrite } from "../../ui/use-write";
import { FormModal } from "../../ui/FormModal";
import { TextField } from "../../ui/TextField";
import { useFormValues } from "../../ui/useFormValues";
import { RoleChoice } from "./RoleChoice";
import { canInvite, EMPTY_INVITE_FORM, newTeamMemberOf, type InviteForm } from "./team-members";
import { EMAIL_MAX_LENGTH } from "../../../contracts/auth.ts";
import { SHORT_TEXT_MAX_LENGTH } from "../../../contracts/common.ts";

export interface InviteUserModalProps {
  onInvite: (member: NewTeamMember) => Promise<OneTimePasswordAnswer>;
  onInvited: (answer: OneTimePasswordAnswer) => void;
  onClose: () => void;
}

/**
 * 'Invite User': a name, an e-mail and a role. The server makes up the first password, which the next
 * dialog shows once. A refusal (an e-mail already in use, say) is shown here, beside the field it is about
 * if any, keeping what was typed.
 */
export function InviteUserModal({ onInvite, onInvited, onClose }: InviteUserModalProps) {
  const write = useWrite({ failureMessage: "Failed to invite user", showsFailureItself: true, onSuccess: onInvited });
  const { values: form, fieldProps } = useFormValues<InviteForm>(EMPTY_INVITE_FORM, write);
  const isInviting = write.isPending;
  const canSubmit = canInvite(form) && !isInviting;
  // A refusal about one of the fields shows beside it; any other under them all.
  const generalFailure = write.failure && !(write.failure.field && write.failure.field in form) ? write.failure : null;

  async function invite() {
    await write.run(() => onInvite(newTeamMemberOf(form)));
  }

  const role = fieldProps("role");

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
        {...fieldProps("name")}
        required
        maxLength={SHORT_TEXT_MAX_LENGTH}
        autoComplete="off"
        autoFocus
        disabled={isInviting}
        data-testid="invite-user-name"
      />
      <TextField
        label="E-mail"
        type="email"
        {...fieldProps("email")}
        required
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        disabled={isInviting}
        data-testid="invite-user-email"
      />
      <RoleChoice value={role.value} onChange={role.onChange} disabled={isInviting} testId="invite-user-role" />
      {generalFailure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="invite-user-error">
          {generalFailure.message}
        </p>
      )}
    </FormModal>
  );
}
