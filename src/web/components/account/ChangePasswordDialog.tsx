import { useRefreshReads } from "../../api/cached-reads";
import { MY_SESSIONS_PATH } from "../../api/my-sessions";
import { useWrite } from "../../ui/use-write";
import { useSession } from "../../session/useSession";
import { FormModal } from "../../ui/FormModal";
import { TextField } from "../../ui/TextField";
import { useFormValues } from "../../ui/useFormValues";
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
  const write = useWrite({
    showsFailureItself: true,
    failureMessage: "Failed to change the password",
    success: { title: "Password Changed", description: "You were signed out on every other browser." },
    refresh,
    onSuccess: onClose,
  });
  const { values: form, fieldProps } = useFormValues<ChangePasswordForm>(EMPTY_CHANGE_PASSWORD_FORM, write);
  const generalFailure = write.failure && !(write.failure.field && write.failure.field in form) ? write.failure : null;

  return (
    <FormModal
      title="Change Password"
      description="Your other sessions end: everywhere else you sign in again with the new password."
      testId="change-password-dialog"
      onClose={onClose}
      onSubmit={() => void write.run(() => changePassword(form))}
      submitLabel="Change Password"
      pendingLabel="Changing..."
      isPending={write.isPending}
      canSubmit={canChangePassword(form) && !write.isPending}
      formClassName="space-y-4"
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
      {generalFailure && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {generalFailure.message}
        </p>
      )}
    </FormModal>
  );
}
