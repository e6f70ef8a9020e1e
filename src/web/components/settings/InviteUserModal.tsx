import type { InvitationAnswer, NewTeamMember } from "../../api/team-members";
import { useAppConfig } from "../../api/app-config";
import { FormError } from "../../ui/FieldError";
import { FormModal } from "../../ui/FormModal";
import { TextField } from "../../ui/TextField";
import { useFormModal } from "../../ui/useFormModal";
import { RoleChoice } from "./RoleChoice";
import { canInvite, EMPTY_INVITE_FORM, newTeamMemberOf, type InviteForm } from "./team-members";
import { EMAIL_MAX_LENGTH } from "../../../contracts/auth.ts";
import { SHORT_TEXT_MAX_LENGTH } from "../../../contracts/common.ts";

export interface InviteUserModalProps {
  onInvite: (member: NewTeamMember) => Promise<InvitationAnswer>;
  onInvited: (answer: InvitationAnswer) => void;
  onClose: () => void;
}

/**
 * 'Invite User': a name, an e-mail and a role. When the CRM sends e-mail the server e-mails the invitation,
 * with a link to choose a password; otherwise it makes up the first password, which the next dialog shows once. A refusal (an e-mail already in use, say) is shown here, beside the field it is about
 * if any, keeping what was typed.
 */
export function InviteUserModal({ onInvite, onInvited, onClose }: InviteUserModalProps) {
  // A refusal about one of the fields shows beside it; any other under them all.
  const sendsEmail = useAppConfig().config?.sendsEmail ?? false;
  const { fieldProps, generalFailure, modalProps } = useFormModal<InviteForm, InvitationAnswer>({
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
      description={
        sendsEmail
          ? "They get an e-mail with a link to choose their password, then sign in with their e-mail."
          : "They sign in with their e-mail and a one-time password shown after this step."
      }
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
