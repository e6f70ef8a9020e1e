import { describe, expect, test } from "bun:test";
import { createAccount, updateAccount } from "../accounts/accounts.ts";
import { COMMAND_LINE } from "../changes/actor.ts";
import { addContact } from "../contacts/contacts.ts";
import { seedCustomer } from "../../testing/seed.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { keepEnvironmentMailboxes, parseMailboxUrl } from "./mailboxes.ts";
import { teamAddresses } from "./match-accounts.ts";
import { readReceivedMessage } from "./received-message.ts";
import { storeMessageBatch } from "./store-messages.ts";

describe("mail kept before its account knew the address", () => {
  const context = useDatabaseWithTeamOfTwo();
  const db = () => context.database.db;

  /** Stores messages from these senders as the sync would, before any account has their addresses. */
  async function receive(senders: string[]) {
    const [mailbox] = keepEnvironmentMailboxes(db(), [parseMailboxUrl("CRM_MAIL_IMAP", "imaps://sales%40riverside.test:pw@imap.riverside.test/INBOX")]);
    const messages = [];
    for (const [index, sender] of senders.entries()) {
      const raw = [`From: ${sender}`, "To: sales@riverside.test", `Subject: Question ${index}`, "Date: Mon, 02 Mar 2026 15:00:00 +0000", `Message-ID: <m${index}@mail.test>`, "", "Hello.", ""].join("\r\n");
      messages.push({ uid: index + 1, message: await readReceivedMessage(new TextEncoder().encode(raw), new Date()), attachmentPaths: [] });
    }
    storeMessageBatch(db(), { mailboxId: mailbox!.id, folder: "INBOX", uidValidity: 1, lastUid: senders.length, messages, team: teamAddresses(db()), actor: COMMAND_LINE });
  }

  const matches = () =>
    context.database.sqlite
      .query<{ messageId: string; accountId: number; matchedBy: string }, []>(
        "SELECT m.message_id AS messageId, a.account_id AS accountId, a.matched_by AS matchedBy FROM mail_message_accounts a JOIN mail_messages m ON m.id = a.message_id ORDER BY m.id, a.account_id",
      )
      .all();
  const threadAccounts = () => context.database.sqlite.query<{ accountId: number | null }, []>("SELECT account_id AS accountId FROM mail_threads ORDER BY id").all().map((row) => row.accountId);

  test("is matched when an account is added with it, made from orders, given it, or a contact has it", async () => {
    await receive(["pat@acme-labs.test", "shop@orchard.test", "kim@hill-co.test", "lee@lake.test", "nobody@else.test"]);
    expect(matches()).toEqual([]);

    const acme = createAccount(db(), { name: "Acme Labs", email: "pat@acme-labs.test" }, COMMAND_LINE).id;
    const orchard = seedCustomer(db(), { email: "shop@orchard.test", orders: [{ number: "1", placedAt: "2026-01-05T12:00:00Z", total: 10 }] });
    const hill = createAccount(db(), { name: "Hill Co" }, COMMAND_LINE).id;
    updateAccount(db(), hill, { email: "kim@hill-co.test" }, COMMAND_LINE);
    const lake = createAccount(db(), { name: "Lake" }, COMMAND_LINE).id;
    addContact(db(), lake, { firstName: "Lee", lastName: "Park", email: "lee@lake.test" }, COMMAND_LINE);

    expect(matches()).toEqual([
      { messageId: "<m0@mail.test>", accountId: acme, matchedBy: "account" },
      { messageId: "<m1@mail.test>", accountId: orchard, matchedBy: "account" },
      { messageId: "<m2@mail.test>", accountId: hill, matchedBy: "account" },
      { messageId: "<m3@mail.test>", accountId: lake, matchedBy: "contact" },
    ]);
    expect(threadAccounts()).toEqual([acme, orchard, hill, lake, null]);
  });

  test("a team member's address given to a contact matches none of the team's mail", async () => {
    await receive(["ann@example.com"]);
    const account = createAccount(db(), { name: "Acme Labs" }, COMMAND_LINE).id;
    addContact(db(), account, { firstName: "Ann", lastName: "Staff", email: "ann@example.com" }, COMMAND_LINE);
    expect(matches()).toEqual([]);
  });
});
