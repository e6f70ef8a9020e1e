import { useCallback } from "react";
import useSWR from "swr";

export const TEAM_PATH = "/api/team";

/** A user as GET /api/team lists them. */
export interface TeamMember {
  id: number;
  name: string;
  email: string;
  role: "admin" | "sales";
  /** Deactivated users keep their history but can no longer sign in or be given tasks. */
  active: boolean;
  /** ISO date-time of their last request; null when they never signed in. */
  lastActiveAt: string | null;
}

/** The users who can be given tasks: the active ones, in the server's order (by name). */
export function useActiveTeam() {
  const { data, error, mutate } = useSWR<TeamMember[]>(TEAM_PATH);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { activeMembers: data?.filter((member) => member.active), error, retry };
}
