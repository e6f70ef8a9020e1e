import { describe, expect, test } from "bun:test";
import { DomainError } from "../errors.ts";
import { createSendingAllowance } from "./sending-allowance.ts";

describe("the sending allowance", () => {
  test("each person sends their share within the window, then waits for the oldest sending to leave it", () => {
    const allowance = createSendingAllowance(3, 60_000);
    allowance.take(1, 0);
    allowance.take(1, 10_000);
    allowance.take(1, 20_000);
    allowance.take(2, 20_000);
    let refusal: unknown;
    try {
      allowance.take(1, 30_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: "throttled", message: "Too many e-mails sent from the CRM. Try again in 30 seconds.", retryAfterSeconds: 30 });
    allowance.take(1, 60_001);
  });
});
