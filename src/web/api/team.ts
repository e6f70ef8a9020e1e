import { useCallback } from "react";
import useSWR from "swr";
import type { TeamMember } from "../../contracts/team.ts";

export const TEAM_PATH = "/api/team";

export type { TeamMember };

/**
 * The users who can be given tasks or accounts: the active ones, in the server's order (by name); and
 * everyone, deactivated users too, whose names still show on the accounts they owned.
 */
export function useActiveTeam() {
  const { data, error, mutate } = useSWR<TeamMember[]>(TEAM_PATH);
  const retry = useCallback(() => void mutate(), [mutate]);
  return { activeMembers: data?.filter((member) => member.active), allMembers: data, error, retry };
}
