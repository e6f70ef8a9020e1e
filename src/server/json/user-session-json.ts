import type { UserSession } from "../../contracts/auth.ts";
import type { UserSessionRecord } from "../../core/auth/sessions.ts";

export function toUserSessionJson(session: UserSessionRecord): UserSession {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    browser: session.browser,
    address: session.clientAddress,
    current: session.current,
  };
}
