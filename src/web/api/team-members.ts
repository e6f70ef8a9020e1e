import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { UserRole as TeamRole } from "../../contracts/auth.ts";
import type { InvitationAnswer, NewTeamMemberBody as NewTeamMember, PasswordResetAnswer } from "../../contracts/team.ts";
import { SESSION_USER_KEY } from "./auth";
import { apiRequest } from "./client";
import { TEAM_PATH, type TeamMember } from "./team";

export type { InvitationAnswer, NewTeamMember, PasswordResetAnswer, TeamRole };

/**
 * Everyone on the team, deactivated users included, with the administrators' changes. Fetched again on each
 * visit (colleagues sign in and are invited meanwhile) and after each change, so that the server's order
 * (active first, by name) and last-active times stay true. The task assignee pickers read the same list.
 */
export function useTeamMembers() {
  const { data, error, mutate } = useSWR<TeamMember[]>(TEAM_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const { mutate: mutateKey } = useSWRConfig();
  const retry = useCallback(() => void mutate(), [mutate]);

  const invite = useCallback(
    async (member: NewTeamMember): Promise<InvitationAnswer> => {
      const answer = await apiRequest<InvitationAnswer>("POST", TEAM_PATH, member);
      void mutate();
      return answer;
    },
    [mutate],
  );

  const update = useCallback(
    async (memberId: number, change: { role: TeamRole } | { active: boolean }): Promise<TeamMember> => {
      const updated = await apiRequest<TeamMember>("PATCH", `${TEAM_PATH}/${memberId}`, change);
      await mutate();
      // The role may be the signed-in user's own: what they may see and change must follow it at once.
      if ("role" in change) void mutateKey(SESSION_USER_KEY);
      return updated;
    },
    [mutate, mutateKey],
  );

  const resetPassword = useCallback(
    async (memberId: number): Promise<PasswordResetAnswer> => {
      const answer = await apiRequest<PasswordResetAnswer>("POST", `${TEAM_PATH}/${memberId}/reset-password`);
      void mutate();
      return answer;
    },
    [mutate],
  );

  const endSessions = useCallback(
    async (memberId: number): Promise<TeamMember> => {
      const ended = await apiRequest<TeamMember>("POST", `${TEAM_PATH}/${memberId}/end-sessions`);
      await mutate();
      return ended;
    },
    [mutate],
  );

  return { members: data, error, retry, invite, update, resetPassword, endSessions };
}
