/** The signed-in user's read (GET /api/auth/me): the session keeps it, and a change to the user's own role refreshes it. */
export const SESSION_USER_KEY = ["/api/auth/me"] as const;
