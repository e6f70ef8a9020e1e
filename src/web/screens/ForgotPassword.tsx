import { useState, type FormEvent } from "react";
import { EMAIL_MAX_LENGTH } from "../../contracts/auth.ts";
import { useAppConfig } from "../api/app-config";
import { askForPasswordLink } from "../api/password-reset";
import { BackToSignIn } from "../components/login/BackToSignIn";
import { SignInFrame } from "../components/login/SignInFrame";
import { Button } from "../ui/Button";
import { FormError } from "../ui/FieldError";
import { TextField } from "../ui/TextField";
import { useWrite } from "../ui/use-write";
import { lastLoginEmail } from "../session/stored-user";

/**
 * "Forgot password?": the e-mail to send a link to. The server answers alike whether the e-mail is a
 * user's, and so does this screen. A CRM that sends no e-mail says to ask an administrator instead.
 */
export function ForgotPasswordScreen() {
  const { config } = useAppConfig();
  const write = useWrite<{ message: string }>({ showsFailureItself: true, failureMessage: "Failed to send the link" });
  const [email, setEmail] = useState(() => lastLoginEmail() ?? "");
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!write.isPending) void write.run(() => askForPasswordLink({ email }), { onSuccess: ({ message }) => setSent(message) });
  }

  return (
    <SignInFrame subtitle="Reset your password">
      {!config?.sendsEmail ? (
        <p className="text-sm text-slate-600" data-testid="forgot-password-ask-admin">
          This CRM sends no e-mail: ask an administrator to reset your password. They give you a one-time password to sign in with.
        </p>
      ) : sent ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800" data-testid="forgot-password-sent">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-5" data-testid="forgot-password-form">
          <p className="text-sm text-slate-600">Enter the e-mail you sign in with. We'll send you a link to choose a new password.</p>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            error={write.fieldErrors.email}
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="username"
            autoFocus
            disabled={write.isPending}
          />
          <FormError message={write.failure && write.failure.field !== "email" ? write.failure.message : undefined} />
          <Button variant="primary" type="submit" disabled={write.isPending || email.trim() === ""} className="w-full">
            {write.isPending ? "Sending..." : "Send Link"}
          </Button>
        </form>
      )}
      <BackToSignIn />
    </SignInFrame>
  );
}
