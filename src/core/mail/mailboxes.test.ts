import { describe, expect, test } from "bun:test";
import { mailboxesFromEnvironment, parseMailboxUrl } from "./mailboxes.ts";

describe("mailboxes from the environment", () => {
  test("CRM_MAIL_IMAP, then CRM_MAIL_IMAP_1, _2… in order, each a mailbox", () => {
    const found = mailboxesFromEnvironment({
      CRM_MAIL_IMAP_2: "imaps://ops%40riverside.test:p%40ss@imap.riverside.test/INBOX?visibility=subject",
      CRM_MAIL_IMAP: "imaps://sales%40riverside.test:secret@imap.riverside.test:993/INBOX,Sent%20Items",
      CRM_MAIL_IMAP_1: "imaps://pat:pw@mail.example.test",
      CRM_MAIL_IMAP_3: "  ",
      CRM_MAIL_SMTP: "smtps://user:pw@smtp.example.test",
      HOME: "/root",
    });
    expect(found.map((item) => item.variable)).toEqual(["CRM_MAIL_IMAP", "CRM_MAIL_IMAP_1", "CRM_MAIL_IMAP_2"]);
    expect(found[0]!.setup).toEqual({
      name: "sales@riverside.test on imap.riverside.test",
      host: "imap.riverside.test",
      port: 993,
      secure: true,
      username: "sales@riverside.test",
      secret: "secret",
      folders: ["INBOX", "Sent Items"],
      visibility: "everything",
    });
    expect(found[1]!.setup).toMatchObject({ port: 993, folders: ["INBOX", "Sent"], visibility: "everything" });
    expect(found[2]!.setup).toMatchObject({ username: "ops@riverside.test", secret: "p@ss", folders: ["INBOX"], visibility: "subject" });
  });

  test("plain imap:// only to this machine, on IMAP's plain port by default", () => {
    expect(parseMailboxUrl("CRM_MAIL_IMAP", "imap://u:p@127.0.0.1/INBOX")).toMatchObject({ secure: false, port: 143, host: "127.0.0.1" });
    expect(parseMailboxUrl("CRM_MAIL_IMAP", "imap://u:p@localhost:1430/INBOX")).toMatchObject({ secure: false, port: 1430 });
    expect(() => parseMailboxUrl("CRM_MAIL_IMAP_4", "imap://u:p@imap.riverside.test/INBOX")).toThrow("CRM_MAIL_IMAP_4 uses plain imap:// to another machine");
  });

  test("a mistake is refused naming the variable and what is expected", () => {
    const refusal = (text: string) => {
      try {
        parseMailboxUrl("CRM_MAIL_IMAP_1", text);
      } catch (error) {
        return { message: (error as Error).message, field: (error as { field?: string }).field };
      }
      throw new Error(`${text} was accepted`);
    };
    expect(refusal("sales@riverside.test")).toEqual({ message: "CRM_MAIL_IMAP_1 is not a URL (expected imaps://user:password@host:993/INBOX,Sent)", field: "CRM_MAIL_IMAP_1" });
    expect(refusal("https://u:p@imap.riverside.test").message).toStartWith("CRM_MAIL_IMAP_1 must start with imaps:// (it starts with https://)");
    expect(refusal("imaps://imap.riverside.test/INBOX").message).toStartWith("CRM_MAIL_IMAP_1 needs the user and password");
    expect(refusal("imaps://u@imap.riverside.test/INBOX").message).toStartWith("CRM_MAIL_IMAP_1 needs the user and password");
    expect(refusal("imaps://u:p@imap.riverside.test/INBOX?visibility=all").message).toStartWith("CRM_MAIL_IMAP_1 has visibility=all; it must be one of metadata, subject, everything");
    expect(refusal("imaps://u:p@imap.riverside.test/INBOX?folders=Sent").message).toStartWith("CRM_MAIL_IMAP_1 has an unknown setting folders");
  });
});
