import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { apiRequest, fetcherReturningNullOn401 } from "../api/client";
import type { SessionUser } from "./session-user";
import { forgetStoredUser, rememberLoginEmail, storeUser } from "./stored-user";

export const SESSION_USER_KEY = ["/api/auth/me"] as const;

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface Session {
  /** The signed-in user, or null when nobody is signed in (or while loading). */
  user: SessionUser | null;
  isLoading: boolean;
  signIn: (credentials: LoginCredentials) => Promise<SessionUser>;
  signOut: () => Promise<void>;
}

export function useSession(): Session {
  const { data, isLoading } = useSWR(SESSION_USER_KEY, fetchSessionUser);
  const { mutate, unload } = useSWRConfig();

  const signIn = useCallback(
    async (credentials: LoginCredentials) => {
      const user = await apiRequest<SessionUser>("POST", "/api/auth/login", credentials);
      storeUser(user);
      rememberLoginEmail(credentials.email);
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
    forgetStoredUser();
    // Nothing cached for this user may leak to whoever signs in next.
    unload({ revalidate: false });
    await mutate(SESSION_USER_KEY, null, { revalidate: false });
  }, [mutate, unload]);

  return { user: data ?? null, isLoading, signIn, signOut };
}

/** Loads the current user and mirrors the answer in local storage. */
async function fetchSessionUser(key: typeof SESSION_USER_KEY): Promise<SessionUser | null> {
  const user = await fetcherReturningNullOn401<SessionUser>(key);
  if (user) storeUser(user);
  else forgetStoredUser();
  return user;
}
