import { eq, inArray } from "drizzle-orm";
import type { MailMatch } from "../../contracts/mail.ts";
import { emailDomain } from "../account-basics/email.ts";
import { isFreeMailDomain } from "../account-basics/free-mail.ts";
import type { CrmQueries } from "../database/open.ts";
import { accountAliases, accounts, contacts, mailboxes, orders, users } from "../database/schema.ts";
import type { TeamAddresses } from "./conversation-rules.ts";

export interface AccountMatch {
  accountId: number;
  matchedBy: MailMatch;
}

/**
 * The team as its mail shows it: its users' addresses and every mailbox's, and the business domains they
 * are at (a free-mail domain says nothing: a user at gmail.com makes only that address the team's).
 */
export function teamAddresses(db: CrmQueries): TeamAddresses {
  const addresses = new Set<string>();
  for (const { email } of db.select({ email: users.email }).from(users).all()) addresses.add(email.trim().toLowerCase());
  for (const { username } of db.select({ username: mailboxes.username }).from(mailboxes).all()) {
    if (username.includes("@")) addresses.add(username.trim().toLowerCase());
  }
  const domains = new Set([...addresses].map(emailDomain).filter((domain) => !isFreeMailDomain(domain)));
  return { addresses, domains };
}

/**
 * The accounts a message's people outside the team belong to; never a new account. Each address is looked
 * for, in this order, among contacts' e-mails, accounts' own, the aliases merges left and the customer
 * e-mails of ShipStation's orders; an address found nowhere, at a business domain (not free mail), goes to
 * the account with that domain when exactly one has it. Each account comes once, by its first match.
 */
export function matchAccounts(db: CrmQueries, outsideAddresses: readonly string[]): AccountMatch[] {
  if (outsideAddresses.length === 0) return [];
  const wanted = [...new Set(outsideAddresses)];
  const byAddress = new Map<string, AccountMatch[]>();
  const found = (address: string, accountId: number, matchedBy: MailMatch) => {
    const list = byAddress.get(address) ?? [];
    list.push({ accountId, matchedBy });
    byAddress.set(address, list);
  };
  for (const row of db.select({ address: contacts.email, accountId: contacts.accountId }).from(contacts).where(inArray(contacts.email, wanted)).all()) found(row.address!, row.accountId, "contact");
  for (const row of db.select({ address: accounts.email, accountId: accounts.id }).from(accounts).where(inArray(accounts.email, wanted)).all()) found(row.address!, row.accountId, "account");
  for (const row of db.select({ address: accountAliases.email, accountId: accountAliases.accountId }).from(accountAliases).where(inArray(accountAliases.email, wanted)).all()) found(row.address, row.accountId, "alias");
  for (const row of db.selectDistinct({ address: orders.customerEmail, accountId: orders.accountId }).from(orders).where(inArray(orders.customerEmail, wanted)).all()) found(row.address, row.accountId, "order");
  for (const address of wanted) {
    if (byAddress.has(address)) continue;
    const domain = emailDomain(address);
    if (isFreeMailDomain(domain)) continue;
    const withDomain = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.domain, domain)).limit(2).all();
    if (withDomain.length === 1) found(address, withDomain[0]!.id, "domain");
  }
  const matches = new Map<number, AccountMatch>();
  for (const address of wanted) for (const match of byAddress.get(address) ?? []) if (!matches.has(match.accountId)) matches.set(match.accountId, match);
  return [...matches.values()];
}
