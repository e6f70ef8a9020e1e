import { describe, expect, test } from "bun:test";
import type { TeamMember } from "../../api/team";
import { canInvite, lastActiveLabel, newTeamMemberOf, teamMemberActions } from "./team-members";

function member(overrides: Partial<TeamMember> = {}): TeamMember {
  return { id: 4, name: "Sam Seller", email: "sam@example.com", role: "sales", active: true, lastActiveAt: null, ...overrides };
}

describe("lastActiveLabel", () => {
  test("shows the time in New York, US style", () => {
    expect(lastActiveLabel("2026-04-02T14:39:00.000Z")).toBe("04/02/2026, 10:39 AM");
  });

  test("says Never for someone who has not signed in", () => {
    expect(lastActiveLabel(null)).toBe("Never");
  });
});

describe("teamMemberActions", () => {
  test("offer ending the sessions of and deactivating an active colleague, and reactivating a deactivated one", () => {
    expect(teamMemberActions(member(), 1)).toEqual(["changeRole", "resetPassword", "endSessions", "deactivate"]);
    expect(teamMemberActions(member({ active: false }), 1)).toEqual(["changeRole", "resetPassword", "reactivate"]);
  });

  test("never offer the signed-in user to deactivate themselves, reset their own password or end their own sessions", () => {
    expect(teamMemberActions(member({ id: 1, role: "admin" }), 1)).toEqual(["changeRole"]);
  });
});

describe("invite form", () => {
  test("sends the name and e-mail trimmed", () => {
    expect(newTeamMemberOf({ name: "  Pat Buyer ", email: " pat@example.com ", role: "admin" })).toEqual({
      name: "Pat Buyer",
      email: "pat@example.com",
      role: "admin",
    });
  });

  test("needs a name and an e-mail that are not blank", () => {
    expect(canInvite({ name: "Pat", email: "pat@example.com", role: "sales" })).toBe(true);
    expect(canInvite({ name: "   ", email: "pat@example.com", role: "sales" })).toBe(false);
    expect(canInvite({ name: "Pat", email: " ", role: "sales" })).toBe(false);
  });
});
