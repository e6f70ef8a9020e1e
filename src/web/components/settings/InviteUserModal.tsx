import type { NewTeamMember, OneTimePasswordAnswer } from "../../api/team-members";
import { FormError } from "../../ui/FieldError";
import { FormModal } from "../../ui/FormModal";
import { TextField } from "../../ui/TextField";
import { useFormModal } from "../../ui/useFormModal";
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
  // A refusal about one of the fields shows beside it; any other under them all.
  const { fieldProps, generalFailure, modalProps } = useFormModal<InviteForm, OneTimePasswordAnswer>({
    initial: EMPTY_INVITE_FORM,
    onClose,
    canSubmit: canInvite,
    send: (form) => onInvite(newTeamMemberOf(form)),
    failureMessage: "Failed to invite user",
    showsFailureItself: true,
    onSuccess: onInvited,
  });
  const isInviting = modalProps.isPending;
  const role = fieldProps("role");

  return (
    <FormModal
      {...modalProps}
      title="Invite User"
      description="They sign in with their e-mail and a one-time password shown after this step."
      testId="invite-user-modal"
      submitLabel="Invite User"
      pendingLabel="Inviting..."
      submitTestId="invite-user-submit"
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
      <FormError message={generalFailure?.message} testId="invite-user-error" />
    </FormModal>
  );
}
