import { describe, expect, test } from "bun:test";
import { statusLine } from "./ConnectionStatusPanel";

const words = { service: "ShipStation", howToConnect: "Save the API Key and API Secret to connect.", notConnected: "An administrator has not connected ShipStation yet." };

describe("statusLine", () => {
  test("tells administrators how to connect, and the rest of the team only that nobody has", () => {
    expect(statusLine({ state: "not_configured" } as never, words, true)).toBe("Save the API Key and API Secret to connect.");
    expect(statusLine({ state: "not_configured" } as never, words, false)).toBe("An administrator has not connected ShipStation yet.");
  });

  test("says when the saved credentials were last tested, to everyone", () => {
    expect(statusLine({ state: "connected", checkedAt: null } as never, words, false)).toBe("Not tested since the credentials were saved.");
    expect(statusLine({ state: "connected", checkedAt: "2026-11-20T15:30:00.000Z" } as never, words, false)).toMatch(/^Last tested 11\/20\/2026/);
  });
});
