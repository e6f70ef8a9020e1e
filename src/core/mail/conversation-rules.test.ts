import { describe, expect, test } from "bun:test";
import { isBulkMail, isInternalMail, normalizeSubject, sameConversationBySubject, type TeamAddresses } from "./conversation-rules.ts";

describe("normalizeSubject", () => {
  test("drops reply and forward prefixes in several languages, list tags, spacing and case", () => {
    for (const subject of ["Sample results", "Re: Sample results", "RE: Fwd: sample  RESULTS", "Fw: re[2]: Sample results", "AW: WG: Sample results", "[Riverside] Re: Sample results", "  SV:Sample results "]) {
      expect(normalizeSubject(subject)).toBe("sample results");
    }
  });

  test("keeps words that only start like a prefix", () => {
    expect(normalizeSubject("Reorder for May")).toBe("reorder for may");
    expect(normalizeSubject("Fwding address")).toBe("fwding address");
    expect(normalizeSubject("Re:")).toBe("");
  });
});

describe("sameConversationBySubject", () => {
  const earlier = { normalizedSubject: "sample results", sentAt: new Date("2026-01-01T12:00:00Z"), outsideParticipants: ["pat@acme-labs.test"] };
  const reply = (days: number, people = ["pat@acme-labs.test"], normalizedSubject = "sample results") => ({
    normalizedSubject,
    sentAt: new Date(earlier.sentAt.getTime() + days * 24 * 60 * 60 * 1000),
    outsideParticipants: people,
  });

  test("joins the same subject with a person in common within 60 days, either way in time", () => {
    expect(sameConversationBySubject(reply(1), earlier)).toBe(true);
    expect(sameConversationBySubject(reply(60), earlier)).toBe(true);
    expect(sameConversationBySubject(reply(-60), earlier)).toBe(true);
    expect(sameConversationBySubject(reply(3, ["kim@other.test", "pat@acme-labs.test"]), earlier)).toBe(true);
  });

  test("not beyond 60 days, not without a person in common, not another subject, never an empty subject", () => {
    expect(sameConversationBySubject(reply(61), earlier)).toBe(false);
    expect(sameConversationBySubject(reply(-61), earlier)).toBe(false);
    expect(sameConversationBySubject(reply(1, ["kim@other.test"]), earlier)).toBe(false);
    expect(sameConversationBySubject(reply(1, ["pat@acme-labs.test"], "sample result"), earlier)).toBe(false);
    expect(sameConversationBySubject({ ...reply(1), normalizedSubject: "" }, { ...earlier, normalizedSubject: "" })).toBe(false);
  });
});

describe("isBulkMail", () => {
  const plain = { listUnsubscribe: false, precedence: null };

  test("what offers to unsubscribe, says it is bulk, or comes from a no-reply or daemon address", () => {
    expect(isBulkMail({ listUnsubscribe: true, precedence: null }, "news@acme.test")).toBe(true);
    for (const precedence of ["bulk", "list", "junk", " Bulk "]) expect(isBulkMail({ listUnsubscribe: false, precedence }, "news@acme.test")).toBe(true);
    for (const sender of ["noreply@acme.test", "no-reply@acme.test", "No_Reply@acme.test", "donotreply@acme.test", "do-not-reply@acme.test", "mailer-daemon@acme.test", "MAILER-DAEMON@acme.test", "postmaster@acme.test", "noreply+billing@acme.test", "no-reply.orders@acme.test"]) {
      expect(isBulkMail(plain, sender)).toBe(true);
    }
  });

  test("not a person's mail, even from an address that only starts like one", () => {
    for (const sender of ["pat@acme.test", "noreen@acme.test", "replyall@acme.test", "norepl@acme.test"]) expect(isBulkMail(plain, sender)).toBe(false);
    expect(isBulkMail({ listUnsubscribe: false, precedence: "first-class" }, "pat@acme.test")).toBe(false);
  });
});

describe("isInternalMail", () => {
  const team: TeamAddresses = { addresses: new Set(["ann@riverside.test", "owner.riverside@gmail.com"]), domains: new Set(["riverside.test"]) };

  test("mail among the team's domains and addresses alone", () => {
    expect(isInternalMail(["ann@riverside.test", "bob@riverside.test"], team)).toBe(true);
    expect(isInternalMail(["owner.riverside@gmail.com", "bob@riverside.test"], team)).toBe(true);
  });

  test("not once anyone outside is on it, a team member's free-mail domain included", () => {
    expect(isInternalMail(["ann@riverside.test", "pat@acme-labs.test"], team)).toBe(false);
    expect(isInternalMail(["ann@riverside.test", "friend@gmail.com"], team)).toBe(false);
    expect(isInternalMail([], team)).toBe(false);
  });
});
