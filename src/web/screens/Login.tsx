import { useState, type FormEvent } from "react";
import { Link, useLocation } from "wouter";
import { FORGOT_PASSWORD_SCREEN_PATH } from "../../contracts/auth.ts";
import { useAppConfig } from "../api/app-config";
import { useWrite } from "../ui/use-write";
import { LoginEmailField } from "../components/login/LoginEmailField";
import { SignInFrame } from "../components/login/SignInFrame";
import { lastLoginEmail } from "../session/stored-user";
import { useSession } from "../session/useSession";

export function LoginScreen() {
  const { signIn } = useSession();
  const sendsEmail = useAppConfig().config?.sendsEmail ?? false;
  const [, navigate] = useLocation();
  // A wrong password is a 401 whose message says so.
  const { run, isPending: isSigningIn } = useWrite({ success: { title: "Welcome", description: "Successfully logged in" } });
  // The e-mail last signed in with on this browser: the server names nobody to whoever opens the page.
  const [email, setEmail] = useState(() => lastLoginEmail() ?? "");
  const [password, setPassword] = useState("");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(() => signIn({ email, password }, { onAuthenticated: () => navigate("/accounts") }));
  }

  return (
    <SignInFrame subtitle="Admin Access Portal">
      <form onSubmit={handleSubmit} className="space-y-5" data-testid="login-form">
        <LoginEmailField value={email} onChange={setEmail} />
        <div>
          <div className="flex items-baseline justify-between">
            <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
              Password
            </label>
            {sendsEmail && (
              <Link
                href={FORGOT_PASSWORD_SCREEN_PATH}
                className="rounded text-xs font-medium text-blue-600 hover:text-blue-700 hover:underline focus:ring-2 focus:ring-blue-500 focus:outline-none"
                data-testid="forgot-password-link"
              >
                Forgot password?
              </Link>
            )}
          </div>
          <input
            id="login-password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            placeholder="Enter your password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
          />
        </div>
        <button
          type="submit"
          disabled={isSigningIn}
          className="w-full rounded-lg bg-blue-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-blue-700 focus:ring-2 focus:ring-blue-500 focus:ring-offset-2 focus:outline-none disabled:cursor-not-allowed disabled:opacity-70"
        >
          {isSigningIn ? "Signing in..." : "Sign In"}
        </button>
        {!sendsEmail && <p className="text-center text-xs text-slate-500">Forgot your password? Ask an administrator to reset it.</p>}
      </form>
    </SignInFrame>
  );
}
