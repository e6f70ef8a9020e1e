import { useState, type FormEvent } from "react";
import { useWrite } from "../ui/use-write";
import { Button } from "../ui/Button";
import { NewPasswordFields } from "../components/account/NewPasswordFields";
import { canChoosePassword, confirmationError, type ChoosePasswordForm } from "../components/account/password-form";
import { SignInFrame } from "../components/login/SignInFrame";
import { FormError } from "../ui/FieldError";
import { TextField } from "../ui/TextField";
import { useFormValues } from "../ui/useFormValues";
import { oneTimePasswordInHand } from "../session/one-time-password";
import { useSession } from "../session/useSession";

/**
 * All a user signed in with a one-time password sees: the server refuses them everything else until they
 * choose their own password. The one-time password they just typed is sent as the current one; after a
 * reload it is no longer known, and they type it again. Once saved, the app opens as usual.
 */
export function ChoosePasswordScreen() {
  const { user, changePassword, signOut } = useSession();
  const [asksForOneTimePassword] = useState(() => oneTimePasswordInHand() === null);
  const write = useWrite({
    showsFailureItself: true,
    failureMessage: "Failed to save the password",
    success: { title: "Password Saved", description: "Welcome! From now on, sign in with your new password." },
  });
  const { values: form, fieldProps } = useFormValues<ChoosePasswordForm>(
    () => ({ currentPassword: oneTimePasswordInHand() ?? "", newPassword: "", confirmation: "" }),
    write,
  );
  const shownFields = asksForOneTimePassword ? ["currentPassword", "newPassword"] : ["newPassword"];
  const generalFailure = write.failure && !(write.failure.field && shownFields.includes(write.failure.field)) ? write.failure : null;
  const canSubmit = canChoosePassword(form) && !write.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSubmit) void write.run(() => changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword }));
  }

  return (
    <SignInFrame subtitle="Choose your password">
      <form onSubmit={submit} className="space-y-5" data-testid="choose-password-form">
        <p className="text-sm text-slate-600">
          {user?.name ? `${user.name}, you` : "You"} signed in with a one-time password. Choose a password of your own to go on.
        </p>
        {asksForOneTimePassword && (
          <TextField label="One-time password" type="password" {...fieldProps("currentPassword")} required autoComplete="current-password" autoFocus disabled={write.isPending} />
        )}
        <NewPasswordFields
          newPassword={fieldProps("newPassword")}
          confirmation={fieldProps("confirmation")}
          mismatch={confirmationError(form)}
          autoFocus={!asksForOneTimePassword}
          disabled={write.isPending}
        />
        <FormError message={generalFailure?.message} />
        <Button variant="primary" type="submit" disabled={!canSubmit} className="w-full">
          {write.isPending ? "Saving..." : "Save Password"}
        </Button>
        <button
          type="button"
          onClick={() => void signOut()}
          className="block w-full rounded text-center text-sm font-medium text-slate-500 hover:text-slate-700 hover:underline focus:ring-2 focus:ring-blue-500 focus:outline-none"
        >
          Sign out
        </button>
      </form>
    </SignInFrame>
  );
}
