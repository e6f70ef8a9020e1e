import { Link } from "wouter";

/** Under the forms beside signing in ("Forgot password?", choosing a password): the way back to the sign-in form. */
export function BackToSignIn() {
  return (
    <Link
      href="/"
      className="mt-5 block rounded text-center text-sm font-medium text-slate-500 hover:text-slate-700 hover:underline focus:ring-2 focus:ring-blue-500 focus:outline-none"
    >
      Back to sign in
    </Link>
  );
}
