import { describe, expect, test } from "bun:test";
import { usedGeneration } from "./shipstation-settings.ts";

describe("the ShipStation API generation in use", () => {
  const none = { v1Configured: false, v1Begun: false, v2Configured: false };

  test("is the one chosen in Settings, whatever is set", () => {
    expect(usedGeneration("v1", { ...none, v2Configured: true })).toBe("v1");
    expect(usedGeneration("v2", { v1Configured: true, v1Begun: true, v2Configured: false })).toBe("v2");
  });

  test("without a choice, V2 when nothing is set: ShipStation's generation on every plan, for new integrations", () => {
    expect(usedGeneration(undefined, none)).toBe("v2");
  });

  test("without a choice, the one whose credentials are set, V1 when both are, as before V2 was offered", () => {
    expect(usedGeneration(undefined, { v1Configured: true, v1Begun: true, v2Configured: false })).toBe("v1");
    expect(usedGeneration(undefined, { ...none, v2Configured: true })).toBe("v2");
    expect(usedGeneration(undefined, { v1Configured: true, v1Begun: true, v2Configured: true })).toBe("v1");
  });

  test("without a choice, V1 once its key or secret is set alone, so that Settings asks for the other; unless V2's key is set", () => {
    expect(usedGeneration(undefined, { ...none, v1Begun: true })).toBe("v1");
    expect(usedGeneration(undefined, { ...none, v1Begun: true, v2Configured: true })).toBe("v2");
  });
});
