import { useRefreshReads } from "../../api/cached-reads";
import { MY_SESSIONS_PATH } from "../../api/my-sessions";
import { useSession } from "../../session/useSession";
import { FormError } from "../../ui/FieldError";
import { FormModal } from "../../ui/FormModal";
import { TextField } from "../../ui/TextField";
import { useFormModal } from "../../ui/useFormModal";
import { canChangePassword, EMPTY_CHANGE_PASSWORD_FORM, NEW_PASSWORD_HINT, type ChangePasswordForm } from "./password-form";

/** The sessions the change ended leave 'My account' at once. */
const READS_CHANGED = [MY_SESSIONS_PATH] as const;

/**
 * 'Change password', from the user menu: the current password, then the new one. The server's refusal
 * (a wrong current password, a weak new one) shows under the field it names, keeping what was typed.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { changePassword } = useSession();
  const refresh = useRefreshReads(READS_CHANGED);
  const { write, fieldProps, generalFailure, modalProps } = useFormModal<ChangePasswordForm>({
    initial: EMPTY_CHANGE_PASSWORD_FORM,
    onClose,
    canSubmit: canChangePassword,
    send: changePassword,
    refresh,
    showsFailureItself: true,
    failureMessage: "Failed to change the password",
    success: { title: "Password Changed", description: "You were signed out on every other browser." },
    onSuccess: onClose,
  });

  return (
    <FormModal
      {...modalProps}
      title="Change Password"
      description="Your other sessions end: everywhere else you sign in again with the new password."
      testId="change-password-dialog"
      submitLabel="Change Password"
      pendingLabel="Changing..."
    >
      <TextField
        label="Current password"
        type="password"
        {...fieldProps("currentPassword")}
        required
        autoComplete="current-password"
        autoFocus
        disabled={write.isPending}
      />
      <div>
        <TextField label="New password" type="password" {...fieldProps("newPassword")} required autoComplete="new-password" disabled={write.isPending} />
        <p className="mt-1.5 text-xs text-slate-500">{NEW_PASSWORD_HINT}</p>
      </div>
      <FormError message={generalFailure?.message} />
    </FormModal>
  );
}
