import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { useSWRConfig } from "swr";
import { FORGOT_PASSWORD_SCREEN_PATH } from "../../contracts/auth.ts";
import { SESSION_USER_KEY } from "../api/auth";
import { setPasswordByLink } from "../api/password-reset";
import { NewPasswordFields } from "../components/account/NewPasswordFields";
import { confirmationError } from "../components/account/password-form";
import { BackToSignIn } from "../components/login/BackToSignIn";
import { SignInFrame } from "../components/login/SignInFrame";
import { Button } from "../ui/Button";
import { FormError } from "../ui/FieldError";
import { useFormValues } from "../ui/useFormValues";
import { useWrite } from "../ui/use-write";

/** The token an e-mailed link carries in its fragment (#token=…), which no server ever receives. */
function tokenInLink(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get("token") ?? "";
}

/**
 * Where a "Forgot password?" or invitation e-mail's link opens: the new password, typed twice. Once saved,
 * every session of the user has ended and they sign in with it.
 */
export function SetPasswordScreen() {
  const [token] = useState(tokenInLink);
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const write = useWrite({
    showsFailureItself: true,
    failureMessage: "Failed to save the password",
    success: { title: "Password Saved", description: "Sign in with your new password." },
  });
  const { values: form, fieldProps } = useFormValues({ newPassword: "", confirmation: "" }, write);
  const generalFailure = write.failure && write.failure.field !== "newPassword" ? write.failure : null;
  const canSubmit = form.newPassword !== "" && form.confirmation === form.newPassword && !write.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    void write.run(() => setPasswordByLink({ token, newPassword: form.newPassword }), {
      // The link's user is signed out everywhere: this browser asks again who is signed in, if anybody.
      onSuccess: () => {
        window.history.replaceState(null, "", window.location.pathname);
        navigate("/", { replace: true });
        void mutate(SESSION_USER_KEY);
      },
    });
  }

  if (!token) {
    return (
      <SignInFrame subtitle="Choose your password">
        <p className="text-sm text-slate-600" data-testid="set-password-no-token">
          This link is incomplete. Open the link from your e-mail again, or{" "}
          <Link href={FORGOT_PASSWORD_SCREEN_PATH} className="font-medium text-blue-600 hover:text-blue-700 hover:underline">
            ask for a new one
          </Link>
          .
        </p>
        <BackToSignIn />
      </SignInFrame>
    );
  }

  return (
    <SignInFrame subtitle="Choose your password">
      <form onSubmit={submit} className="space-y-5" data-testid="set-password-form">
        <NewPasswordFields
          newPassword={fieldProps("newPassword")}
          confirmation={fieldProps("confirmation")}
          mismatch={confirmationError(form)}
          autoFocus
          disabled={write.isPending}
        />
        {generalFailure && (
          <div>
            <FormError message={generalFailure.message} />
            {generalFailure.field === "token" && (
              <Link href={FORGOT_PASSWORD_SCREEN_PATH} className="mt-1 inline-block text-sm font-medium text-blue-600 hover:text-blue-700 hover:underline">
                Ask for a new link
              </Link>
            )}
          </div>
        )}
        <Button variant="primary" type="submit" disabled={!canSubmit} className="w-full">
          {write.isPending ? "Saving..." : "Save Password"}
        </Button>
      </form>
      <BackToSignIn />
    </SignInFrame>
  );
}
