import type { MailMatch } from "../../contracts/mail.ts";
import { emailDomain } from "../account-basics/email.ts";
import { isFreeMailDomain } from "../account-basics/free-mail.ts";
import type { CrmDatabase } from "../database/open.ts";
import { mailboxes, users } from "../database/schema.ts";
import type { TeamAddresses } from "./conversation-rules.ts";

export interface AccountMatch {
  accountId: number;
  matchedBy: MailMatch;
}

/**
 * The team as its mail shows it: its users' addresses and every mailbox's, and the business domains they
 * are at (a free-mail domain says nothing: a user at gmail.com makes only that address the team's).
 */
export function teamAddresses(db: CrmDatabase): TeamAddresses {
  // Remembered until the data changes: every timeline page with e-mail on it asks.
  return db.answers.remember("teamAddresses", () => {
    const addresses = new Set<string>();
    for (const { email } of db.select({ email: users.email }).from(users).all()) addresses.add(email.trim().toLowerCase());
    for (const { username } of db.select({ username: mailboxes.username }).from(mailboxes).all()) {
      if (username.includes("@")) addresses.add(username.trim().toLowerCase());
    }
    const domains = new Set([...addresses].map(emailDomain).filter((domain) => !isFreeMailDomain(domain)));
    return { addresses, domains };
  });
}

/**
 * Where an address is found, in order: a contact's e-mail, an account's own, an alias a merge left, the
 * customer e-mail on ShipStation's orders; each half a lookup in an index. Raw SQL, prepared once by
 * bun:sqlite: a first sync matches every message of a mailbox, and drizzle's building of the four lookups
 * cost more than running them (a 50,000-message mailbox spent 20 s there).
 */
const ACCOUNTS_FOR_ADDRESS_SQL = `SELECT account_id AS accountId, 'contact' AS matchedBy, 1 AS rank FROM contacts WHERE email = ?1
  UNION ALL SELECT id, 'account', 2 FROM accounts WHERE email = ?1
  UNION ALL SELECT account_id, 'alias', 3 FROM account_aliases WHERE email = ?1
  UNION ALL SELECT DISTINCT account_id, 'order', 4 FROM orders WHERE customer_email = ?1
  ORDER BY rank`;
const ACCOUNTS_WITH_DOMAIN_SQL = "SELECT id FROM accounts WHERE domain = ? LIMIT 2";

/**
 * The accounts a message's people outside the team belong to; never a new account. Each address is looked
 * for among contacts' e-mails, accounts' own, the aliases merges left and the customer e-mails of
 * ShipStation's orders; an address found nowhere, at a business domain (not free mail), goes to the
 * account with that domain when exactly one has it. Each account comes once, by its first match.
 */
export function matchAccounts(db: CrmDatabase, outsideAddresses: readonly string[]): AccountMatch[] {
  const matches = new Map<number, AccountMatch>();
  const byAddress = db.$client.query<AccountMatch, [string]>(ACCOUNTS_FOR_ADDRESS_SQL);
  const byDomain = db.$client.query<{ id: number }, [string]>(ACCOUNTS_WITH_DOMAIN_SQL);
  for (const address of new Set(outsideAddresses)) {
    let found = byAddress.all(address);
    if (found.length === 0) {
      const domain = emailDomain(address);
      const withDomain = isFreeMailDomain(domain) ? [] : byDomain.all(domain);
      found = withDomain.length === 1 ? [{ accountId: withDomain[0]!.id, matchedBy: "domain" }] : [];
    }
    for (const match of found) if (!matches.has(match.accountId)) matches.set(match.accountId, { accountId: match.accountId, matchedBy: match.matchedBy });
  }
  return [...matches.values()];
}
