import type { SessionUser } from "./session-user";

const STORED_USER_KEY = "user";
const LAST_LOGIN_EMAIL_KEY = "lastLoginEmail";

export function storeUser(user: SessionUser): void {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
}

export function forgetStoredUser(): void {
  localStorage.removeItem(STORED_USER_KEY);
}

/** A stored user that cannot be parsed counts as signed out, so it is dropped on load. */
export function discardUnparsableStoredUser(): void {
  const stored = localStorage.getItem(STORED_USER_KEY);
  if (stored === null) return;
  try {
    JSON.parse(stored);
  } catch {
    forgetStoredUser();
  }
}

export function rememberLoginEmail(email: string): void {
  localStorage.setItem(LAST_LOGIN_EMAIL_KEY, email);
}

export function lastLoginEmail(): string | null {
  return localStorage.getItem(LAST_LOGIN_EMAIL_KEY);
}
