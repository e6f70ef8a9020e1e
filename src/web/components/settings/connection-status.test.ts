import { describe, expect, test } from "bun:test";
import { statusLine } from "./ConnectionStatusPanel";

describe("statusLine", () => {
  test("tells administrators how to connect, and the rest of the team only that nobody has", () => {
    expect(statusLine({ state: "not_configured" } as never, true)).toBe("Save the API Key and API Secret to connect.");
    expect(statusLine({ state: "not_configured" } as never, false)).toBe("An administrator has not connected ShipStation yet.");
  });

  test("says when the saved credentials were last tested, to everyone", () => {
    expect(statusLine({ state: "connected", checkedAt: null } as never, false)).toBe("Not tested since the credentials were saved.");
    expect(statusLine({ state: "connected", checkedAt: "2026-11-20T15:30:00.000Z" } as never, false)).toMatch(/^Last tested 11\/20\/2026/);
  });
});
