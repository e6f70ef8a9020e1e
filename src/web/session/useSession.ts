import { useCallback, useEffect } from "react";
import { flushSync } from "react-dom";
import useSWR, { unstable_serialize, useSWRConfig, type Cache, type Key, type ScopedMutator } from "swr";
import type { ChangePasswordBody as PasswordChange, LoginBody as LoginCredentials } from "../../contracts/auth.ts";
import { APP_CONFIG_KEY } from "../api/app-config";
import { SESSION_USER_KEY } from "../api/auth";
import { refetchReads } from "../api/cached-reads";
import { apiRequest, fetcherReturningNullOn401, onSessionEnded } from "../api/client";
import { forgetEarlyAnswers } from "../api/early-answers";
import { holdOneTimePassword } from "./one-time-password";
import type { SessionUser } from "./session-user";
import { forgetStoredUser, rememberLoginEmail, storeUser } from "./stored-user";

export interface SignInOptions {
  /** Runs once the credentials are accepted, before the signed-in screens render: it can pick the URL they open on. */
  onAuthenticated?: (user: SessionUser) => void;
}

export interface Session {
  /** The signed-in user; null when nobody is signed in or while the session loads. */
  user: SessionUser | null;
  isLoading: boolean;
  signIn: (credentials: LoginCredentials, options?: SignInOptions) => Promise<SessionUser>;
  signOut: () => Promise<void>;
  /** Replaces the signed-in user's password; the server ends their other sessions and lifts a one-time password's gate. */
  changePassword: (change: PasswordChange) => Promise<SessionUser>;
}

export function useSession(): Session {
  const { data, isLoading } = useSWR(SESSION_USER_KEY, fetchSessionUser);
  const { cache, mutate } = useSWRConfig();

  const signIn = useCallback(
    async (credentials: LoginCredentials, options?: SignInOptions) => {
      const user = await apiRequest<SessionUser>("POST", "/api/auth/login", credentials);
      storeUser(user);
      rememberLoginEmail(credentials.email);
      holdOneTimePassword(user.mustChangePassword ? credentials.password : null);
      options?.onAuthenticated?.(user);
      await mutate(SESSION_USER_KEY, user, { revalidate: false });
      return user;
    },
    [mutate],
  );

  const signOut = useCallback(async () => {
    try {
      await apiRequest("POST", "/api/auth/logout");
    } catch (error) {
      console.error("Logout failed", error);
    }
    await forgetSession(cache, mutate);
  }, [cache, mutate]);

  const changePassword = useCallback(
    async (change: PasswordChange) => {
      const user = await apiRequest<SessionUser>("POST", "/api/auth/password", change);
      holdOneTimePassword(null);
      storeUser(user);
      await mutate(SESSION_USER_KEY, user, { revalidate: false });
      return user;
    },
    [mutate],
  );

  return { user: data ?? null, isLoading, signIn, signOut, changePassword };
}

/**
 * Shows the login screen as soon as any answer is a 401: the session expired or was revoked.
 * Used once, by the app; answers while nobody is signed in (a wrong password) change nothing.
 */
export function useSignOutWhenSessionEnds(): void {
  const { cache, mutate } = useSWRConfig();
  useEffect(
    () =>
      onSessionEnded(() => {
        const isSignedIn = Boolean(cache.get(unstable_serialize(SESSION_USER_KEY))?.data);
        if (isSignedIn) void forgetSession(cache, mutate);
      }),
    [cache, mutate],
  );
}

async function forgetSession(cache: Cache, mutate: ScopedMutator): Promise<void> {
  forgetStoredUser();
  holdOneTimePassword(null);
  // The page's first reads were the user's who leaves, not the next one's.
  forgetEarlyAnswers();
  // Render the login screen first, so that no screen of the shell is still mounted to refetch
  // the data cleared below with the session it no longer has.
  flushSync(() => void mutate(SESSION_USER_KEY, null, { revalidate: false }));
  await refetchReads(cache, mutate, isUserData);
}

/** The signed-in user, or null when nobody is; kept in this browser for the next page load. */
export async function fetchSessionUser(key: typeof SESSION_USER_KEY): Promise<SessionUser | null> {
  const user = await fetcherReturningNullOn401<SessionUser>(key);
  if (user) storeUser(user);
  else forgetStoredUser();
  return user;
}

const KEYS_KEPT_ACROSS_SESSIONS = new Set([unstable_serialize(SESSION_USER_KEY), unstable_serialize(APP_CONFIG_KEY)]);

/** Everything cached except the session itself and the public branding belongs to the user who leaves. */
function isUserData(key: Key): boolean {
  return !KEYS_KEPT_ACROSS_SESSIONS.has(unstable_serialize(key));
}
