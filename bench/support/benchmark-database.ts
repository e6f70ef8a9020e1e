/**
 * The benchmark database: 100,000 accounts, 200,000 contacts and 1,000,000 orders, written straight into
 * a fresh crm.db (not through an import, which bench:import measures) and kept in the system's temp
 * folder between runs. One account has exactly 1,000 orders, for the account-detail figures.
 *
 * The accounts look like a customer base to the duplicate detection: each has its own name, e-mail, phone
 * (5% have none) and ship-to address, the address used on all its orders. Among them are planted
 * duplicates, pairs that should be flagged, of several kinds, each carrying known evidence; and look-alikes
 * that should not be flagged (namesakes on free mail, sister organizations, a fulfilment partner's phone, a
 * reseller's warehouse, numbered branches on one domain, the tenants of one building). What was planted is
 * written beside the database; see plantedDuplicates.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "bun:sqlite";
import { isFreeMailDomain } from "../../src/core/account-basics/free-mail.ts";
import { openCrmDatabase } from "../../src/core/startup/open-crm-database.ts";
import { readBackupSchedule, saveBackupSchedule } from "../../src/core/backups/backup-schedule.ts";
import { LATEST_SHIP_TO } from "../../src/core/accounts/account-stats.ts";
import { COUNTED_ORDER } from "../../src/core/orders/order-status.ts";
import { linesOf } from "../../src/core/orders/prepared-order.ts";
import { LifecyclePass } from "../../src/core/lifecycle/lifecycle-pass.ts";
import { ensurePurchaseDays } from "../../src/core/analytics/purchase-days.ts";
import { PRODUCT_CATALOG } from "../../src/tools/demo-data/product-catalog.ts";

export const BENCH_ACCOUNTS = 100_000;
export const BENCH_CONTACTS_PER_ACCOUNT = 2;
export const BENCH_ORDERS = 1_000_000;
export const HEAVY_ACCOUNT_ORDERS = 1_000;

const VERSION = 7;
const DATA_DIR = path.join(tmpdir(), `crm-bench-data-v${VERSION}`);
const PLANTED_FILE = path.join(DATA_DIR, "planted.json");
const DAY = 86_400_000;

export interface BenchmarkDatabase {
  dataDir: string;
  heavyAccountId: number;
}

export function benchmarkDatabase(): BenchmarkDatabase {
  if (!existsSync(path.join(DATA_DIR, "ready"))) build();
  withoutDailyBackup();
  return { dataDir: DATA_DIR, heavyAccountId: 1 };
}

/**
 * The benchmarks' servers take no daily backup. A server takes it once a day, at the hour administrators
 * chose (2 AM New York time unless they chose another), or at its first start after missing that hour,
 * which every benchmark's server would be, as each is stopped before its backup of this gigabyte
 * is written: the backup's thread would then take one of the machine's two cores for a minute or two of
 * every benchmark, which no working day has. bench:backup measures backups.
 */
function withoutDailyBackup(): void {
  const { db, close } = openCrmDatabase(DATA_DIR);
  try {
    const schedule = readBackupSchedule(db);
    if (schedule.enabled) saveBackupSchedule(db, { ...schedule, enabled: false });
  } finally {
    close();
  }
}

// ---------------------------------------------------------------------------------------------------
// What is planted, for bench:duplicates

/** Planted duplicates: two accounts of one customer, each kind with different evidence. */
export const PLANTED_KINDS = [
  /** A contact's e-mail (or the alias of an account merged away) on another account: a parent company, or the buyer under her own name. */
  "shared e-mail",
  /** A second account on the company's domain, its name another legal form, case or 'The' (a third with a typo instead). */
  "same domain + name variant",
  /** Orders shipped to the company's address written differently (Ave/Avenue, Ste/#), the name with a typo, on free mail. */
  "same address + name typo",
  /** The company's phone in another format, the name another legal form or case, on free mail. */
  "same phone + name variant",
  /** An individual on free mail twice ('Jane Smith', 'JANE A. SMITH'), the same phone. */
  "individual: same person + phone",
  /** An individual on free mail twice, orders shipped to the same address written differently. */
  "individual: same person + address",
] as const;
export type PlantedKind = (typeof PLANTED_KINDS)[number];

/**
 * What a planted pair shares, worked out from the accounts as written: an e-mail (account, contact or
 * alias), a business domain, the ship-to address (street line and ZIP, suite aside), the phone's ten digits,
 * the name (equal once normalized, or one typo apart; not counted for individuals, whose name is the
 * person), the primary contact's first and last name.
 */
export const SIGNALS = ["e-mail", "domain", "address", "phone", "same name", "similar name", "person"] as const;
export type Signal = (typeof SIGNALS)[number];

/** Look-alikes: groups of accounts that must not be paired with each other. */
export const TRAP_KINDS = [
  /** Individuals on free mail with the same first and last name, nothing else shared (common names recur). */
  "namesakes on free mail",
  /** 'Oak Ridge Recovery Center' and 'Blue Ridge Recovery Center': one distinguishing word, nothing else shared. */
  "sister organizations",
  /** Two unrelated businesses of one name ('Riverside Family Medicine', 'The Riverside Family Medicine, LLC') in other places. */
  "same name, elsewhere",
  /** 10-30 unrelated customers whose orders a fulfilment partner places, with the partner's phone. */
  "partner's phone",
  /** 2-4 unrelated practices that give their billing service's phone: a phone alone, not widely shared. */
  "billing service's phone",
  /** 10-30 unrelated customers whose orders ship to a reseller's warehouse (a third also with its phone). */
  "reseller's warehouse",
  /** 'Acme Pharmacy 12', 'Acme Pharmacy 14': branches of a chain on its domain, each with its own phone and address. */
  "numbered branches on one domain",
  /** 2-6 unrelated companies in one office building: the same street line and ZIP, different suites. */
  "tenants of one building",
] as const;
export type TrapKind = (typeof TRAP_KINDS)[number];

export interface PlantedPair {
  kind: PlantedKind;
  accountIds: [number, number];
  signals: Signal[];
}

export interface TrapGroup {
  kind: TrapKind;
  accountIds: number[];
}

export interface PlantedDuplicates {
  pairs: PlantedPair[];
  traps: TrapGroup[];
}

/** What was planted in the benchmark database (building it first if needed). */
export function plantedDuplicates(): PlantedDuplicates {
  benchmarkDatabase();
  return JSON.parse(readFileSync(PLANTED_FILE, "utf8")) as PlantedDuplicates;
}

/** 3% of the accounts per kind, 18% in all: within what CRMs report. */
const PAIRS_PER_KIND = 1_500;
const SISTER_PAIRS = 1_000;
const SAME_NAME_PAIRS = 500;
const PARTNER_PHONES = 50;
const BILLING_SERVICES = 300;
const WAREHOUSES = 40;
const BRANCH_CHAINS = 300;
const BUILDINGS = 400;
/** Individuals besides the planted ones: with those, 14% of the accounts. */
const INDIVIDUALS = 8_000;
const NUMBERED_NAMES = 5_000;
const FREE_MAIL_COMPANY_SHARE = 0.08;
const NO_PHONE_SHARE = 0.05;

// ---------------------------------------------------------------------------------------------------
// The build

function build(): void {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  console.log(`Building the benchmark database in ${DATA_DIR} (once)...`);
  const started = performance.now();
  const random = seededRandom(42);
  // Orders are assigned first, so that every planted account has orders and with them a ship-to address.
  const owners = assignOrders(random);
  const { accounts, planted } = planAccounts(random, ordersPerAccount(owners));
  const { db, sqlite, close } = openCrmDatabase(DATA_DIR);
  const now = Date.now();

  sqlite.transaction(() => {
    insertAccounts(sqlite, accounts, random, now);
    insertOrders(sqlite, owners, accounts, random, now);
    sqlite.run(
      `UPDATE accounts SET (order_count, total_order_cents, first_order_at, last_order_at) =
         (SELECT count(*), coalesce(sum(total_cents), 0), min(placed_at), max(placed_at) FROM orders WHERE orders.account_id = accounts.id AND ${COUNTED_ORDER}),
         (ship_to_street, ship_to_postal_code) = (${LATEST_SHIP_TO})`,
    );
    // As the import leaves them: customers since their first order; lists chosen by staff pinned (all but New).
    sqlite.run("UPDATE accounts SET created_at = first_order_at WHERE first_order_at IS NOT NULL");
    sqlite.run("UPDATE accounts SET list_pinned = 1 WHERE list_type <> 'new'");
  })();
  // The rest placed by the activity rules, as every server start and midnight keeps them.
  new LifecyclePass(db).runToEnd();
  // What analytics count, as the recount of an import leaves it.
  ensurePurchaseDays(sqlite);
  sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
  sqlite.run("ANALYZE");
  close();
  writeFileSync(PLANTED_FILE, JSON.stringify(planted));
  writeFileSync(path.join(DATA_DIR, "ready"), new Date().toISOString());
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Which account places each order: the heavy account the first thousand, the rest skewed towards low ids. */
function assignOrders(random: Random): Int32Array {
  const owners = new Int32Array(BENCH_ORDERS);
  for (let n = 0; n < BENCH_ORDERS; n++) owners[n] = n < HEAVY_ACCOUNT_ORDERS ? 1 : 2 + Math.floor(random() ** 1.5 * (BENCH_ACCOUNTS - 1));
  return owners;
}

function ordersPerAccount(owners: Int32Array): Int32Array {
  const counts = new Int32Array(BENCH_ACCOUNTS + 1);
  for (const owner of owners) counts[owner]!++;
  return counts;
}

function insertAccounts(sqlite: Database, accounts: AccountPlan[], random: Random, now: number): void {
  const insertAccount = sqlite.prepare("INSERT INTO accounts (id, name, email, domain, phone, list_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const insertContact = sqlite.prepare(
    "INSERT INTO contacts (account_id, first_name, last_name, email, phone, is_primary, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)",
  );
  const insertAlias = sqlite.prepare("INSERT INTO account_aliases (email, account_id, created_at) VALUES (?, ?, ?)");
  for (const account of accounts) {
    const createdAt = now - Math.floor(random() * 730) * DAY;
    insertAccount.run(account.id, account.name, account.email, account.domain, account.phone, pick(["new", "active", "legacy"], random), createdAt, createdAt);
    account.contacts.forEach((contact, c) => insertContact.run(account.id, contact.first, contact.last, contact.email, c === 0 ? 1 : 0, createdAt, createdAt));
    for (const alias of account.aliases) insertAlias.run(alias, account.id, createdAt);
  }
}

function insertOrders(sqlite: Database, owners: Int32Array, accounts: AccountPlan[], random: Random, now: number): void {
  const insertOrder = sqlite.prepare(
    `INSERT INTO orders (source, external_id, account_id, order_number, store, customer_email, status, placed_at, total_cents, raw, content_hash, created_at, updated_at)
     VALUES ('csv', ?1, ?2, ?1, 'Supply Direct Store', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)`,
  );
  // Lines and product names as the order writer stores them (record-orders.ts), by the same rule.
  const insertLine = sqlite.prepare("INSERT INTO order_lines (order_id, line, sku, quantity, revenue_cents) VALUES (?, ?, ?, ?, ?)");
  const productNames = new Map<string, string>();
  const shipTos = accounts.map(shipToOf);
  for (let n = 0; n < BENCH_ORDERS; n++) {
    const accountId = owners[n]!;
    const totalCents = 1000 + Math.floor(random() * 90000);
    // About one in fifty cancelled, as in ShipStation histories: kept, counted in no figure.
    const cancelled = random() < 0.02;
    const items = orderLines(random);
    const raw = JSON.stringify({
      shipTo: shipTos[accountId - 1],
      items,
      orderTotalCents: totalCents,
      details: { "Order - Status": cancelled ? "Cancelled" : "Shipped", Source: "shopify", "Market - Store Name": "Supply Direct Store" },
    });
    const placedAt = now - Math.floor(random() * 730 * DAY);
    const { lastInsertRowid } = insertOrder.run(`SO-${1_000_000 + n}`, accountId, accounts[accountId - 1]!.email, cancelled ? "cancelled" : "shipped", placedAt, totalCents, raw, String(n), now);
    for (const { line, sku, quantity, revenueCents, name } of linesOf(items)) {
      insertLine.run(Number(lastInsertRowid), line, sku, quantity, revenueCents);
      if (name !== undefined) productNames.set(sku, name);
    }
  }
  const insertName = sqlite.prepare("INSERT INTO product_names (sku, name) VALUES (?, ?)");
  for (const [sku, name] of productNames) insertName.run(sku, name);
}

/** One to three lines of the catalog, the best sellers far more often, as analytics' top products see them. */
function orderLines(random: Random): { sku: string; name: string; quantity: number; unitPriceCents: number }[] {
  const lines = 1 + Math.floor(random() ** 2 * 3);
  return Array.from({ length: lines }, () => {
    const product = PRODUCT_CATALOG[Math.floor(random() ** 2.5 * PRODUCT_CATALOG.length)]!;
    return { sku: product.sku, name: product.name, quantity: 1 + Math.floor(random() * product.usualBusinessQuantity), unitPriceCents: product.unitPriceCents };
  });
}

/** An order's ship-to as a store sends it: to the primary contact, at the company, with the account's phone. */
function shipToOf(account: AccountPlan): Record<string, string> {
  const [contact] = account.contacts;
  return {
    name: account.individual ? account.name : `${contact!.first} ${contact!.last}`,
    ...(account.individual ? {} : { company: account.name }),
    street1: account.shipTo.street1,
    ...(account.shipTo.street2 === null ? {} : { street2: account.shipTo.street2 }),
    city: account.place.city.name,
    state: account.place.city.state,
    postalCode: account.shipTo.postalCode,
    country: "US",
    ...(account.phone === null ? {} : { phone: account.phone }),
  };
}

// ---------------------------------------------------------------------------------------------------
// The plan: who every account is

/**
 * Every account by id (index id - 1) and what was planted. Roles go to accounts with orders (all but a
 * handful), shuffled so that no kind clusters by id (and so by order count); the heavy account 1 and the
 * rest are ordinary companies, individuals and companies with a store number.
 */
function planAccounts(random: Random, orderCounts: Int32Array): { accounts: AccountPlan[]; planted: PlantedDuplicates } {
  const base = new CustomerBase(random);
  const accounts: AccountPlan[] = new Array<AccountPlan>(BENCH_ACCOUNTS);
  const put = (...plans: AccountPlan[]) => plans.forEach((plan) => (accounts[plan.id - 1] = plan));
  const withOrders = shuffle(range(2, BENCH_ACCOUNTS - 1).filter((id) => orderCounts[id]! > 0), random);
  let next = 0;
  const take = (count: number) => withOrders.slice(next, (next += count));

  const pairs: PlantedPair[] = [];
  for (const kind of PLANTED_KINDS) {
    for (let i = 0; i < PAIRS_PER_KIND; i++) {
      const [a, b] = take(2) as [number, number];
      const { first, second, names } = PLANT[kind](base, a, b, i);
      put(first, second);
      pairs.push({ kind, accountIds: [a, b], signals: sharedSignals(first, second, names) });
    }
  }

  const traps: TrapGroup[] = [];
  const trap = (kind: TrapKind, plans: AccountPlan[]) => {
    put(...plans);
    traps.push({ kind, accountIds: plans.map((plan) => plan.id) });
  };
  for (let i = 0; i < SISTER_PAIRS; i++) trap("sister organizations", base.sisterOrganizations(take(2)));
  for (let i = 0; i < SAME_NAME_PAIRS; i++) trap("same name, elsewhere", base.businessesOfOneName(take(2)));
  for (let i = 0; i < PARTNER_PHONES; i++) trap("partner's phone", base.customersSharingAPhone(take(groupSize(10, 30, random))));
  for (let i = 0; i < BILLING_SERVICES; i++) trap("billing service's phone", base.customersSharingAPhone(take(groupSize(2, 4, random)), 0));
  for (let i = 0; i < WAREHOUSES; i++) trap("reseller's warehouse", base.warehouseCustomers(take(groupSize(10, 30, random)), i % 3 === 0));
  for (let i = 0; i < BRANCH_CHAINS; i++) trap("numbered branches on one domain", base.branches(take(groupSize(2, 6, random))));
  for (let i = 0; i < BUILDINGS; i++) trap("tenants of one building", base.tenants(take(groupSize(2, 6, random))));

  for (const id of take(INDIVIDUALS)) put(base.individual(id));
  for (const id of take(NUMBERED_NAMES)) put(base.company(id, { name: base.numberedName() }));
  // The rest, with account 1 and the few accounts without orders: ordinary companies.
  for (let id = 1; id <= BENCH_ACCOUNTS; id++) {
    if (!accounts[id - 1]) put(random() < FREE_MAIL_COMPANY_SHARE ? base.freeMailCompany(id) : base.company(id));
  }
  traps.push(...namesakes(accounts));
  return { accounts, planted: { pairs, traps } };
}

type NameRelation = "same name" | "similar name";

interface Planted {
  first: AccountPlan;
  second: AccountPlan;
  /** How the names relate by construction; null where the names say nothing (other names, or individuals' names, which are the person). */
  names: NameRelation | null;
}

/** How each kind of duplicate is made: the first account as any of its sort, the second changed to match it. */
const PLANT: Record<PlantedKind, (base: CustomerBase, a: number, b: number, i: number) => Planted> = {
  "shared e-mail": (base, a, b, i) => {
    const first = base.company(a);
    const buyer = first.contacts[0]!;
    if (i % 3 === 0) {
      // The parent company orders for the clinic: the clinic's buyer is one of its contacts.
      const second = base.company(b, { name: base.holdingName() });
      second.contacts[1] = { ...buyer };
      return { first, second, names: null };
    }
    if (i % 3 === 1) {
      // An account merged into the first long ago left its e-mail as an alias; a later account has it on a contact.
      const alias = base.retiredEmail();
      first.aliases.push(alias);
      const second = base.company(b, { name: base.holdingName() });
      second.contacts[1] = { ...second.contacts[1]!, email: alias };
      return { first, second, names: null };
    }
    // The buyer ordered without a company, under her own name and her work e-mail.
    const second = base.individual(b, base.personOf(first));
    second.email = buyer.email;
    second.domain = first.domain;
    second.contacts[0] = { ...buyer };
    return { first, second, names: null };
  },
  "same domain + name variant": (base, a, b, i) => {
    const typo = i % 3 === 2;
    const first = base.company(a, { name: typo ? base.companyName(true) : undefined });
    const second = base.company(b, { name: typo ? withTypo(first.name, base.random) : sameNameVariant(first.name, i), domain: first.domain! });
    return { first, second, names: typo ? "similar name" : "same name" };
  },
  "same address + name typo": (base, a, b) => {
    const first = base.company(a, { name: base.companyName(true) });
    const second = base.freeMailCompany(b, { name: withTypo(first.name, base.random) });
    base.shipToSamePlace(second, first);
    return { first, second, names: "similar name" };
  },
  "same phone + name variant": (base, a, b, i) => {
    const first = base.company(a, { needsPhone: true });
    const second = base.freeMailCompany(b, { name: sameNameVariant(first.name, i) });
    base.setPhone(second, first.phoneKey!, otherFormat(first.phoneFormat, base.random));
    return { first, second, names: "same name" };
  },
  "individual: same person + phone": (base, a, b, i) => {
    const person = base.person();
    const first = base.individual(a, person, { needsPhone: true });
    const second = base.individual(b, person, { written: personNameVariant(person, i) });
    base.setPhone(second, first.phoneKey!, otherFormat(first.phoneFormat, base.random));
    return { first, second, names: null };
  },
  "individual: same person + address": (base, a, b, i) => {
    const person = base.person();
    const first = base.individual(a, person);
    const second = base.individual(b, person, { written: personNameVariant(person, i) });
    base.shipToSamePlace(second, first);
    return { first, second, names: null };
  },
};

/** What two accounts share, read off the accounts as written (not as the kind meant them), so that a coincidence is counted too. */
function sharedSignals(a: AccountPlan, b: AccountPlan, names: NameRelation | null): Signal[] {
  const signals: Signal[] = [];
  const emails = new Set(emailsOf(a));
  if (emailsOf(b).some((email) => emails.has(email))) signals.push("e-mail");
  if (a.domain !== null && a.domain === b.domain && !isFreeMailDomain(a.domain)) signals.push("domain");
  if (placeKey(a.place) === placeKey(b.place)) signals.push("address");
  if (a.phoneKey !== null && a.phoneKey === b.phoneKey) signals.push("phone");
  if (names !== null) signals.push(names);
  if (a.personKey === b.personKey) signals.push("person");
  return signals;
}

function emailsOf(account: AccountPlan): string[] {
  return [account.email, ...account.contacts.map((contact) => contact.email), ...account.aliases];
}

/** Individuals on free mail grouped by their name, where more than one has it. */
function namesakes(accounts: AccountPlan[]): TrapGroup[] {
  const byPerson = new Map<string, number[]>();
  for (const account of accounts) {
    if (!account.individual || (account.domain !== null && !isFreeMailDomain(account.domain))) continue;
    const ids = byPerson.get(account.personKey);
    if (ids) ids.push(account.id);
    else byPerson.set(account.personKey, [account.id]);
  }
  return [...byPerson.values()].filter((ids) => ids.length > 1).map((accountIds) => ({ kind: "namesakes on free mail", accountIds }));
}

// ---------------------------------------------------------------------------------------------------
// The customer base: accounts that share nothing unless made to

interface City {
  name: string;
  state: string;
  zip3: string;
  areaCodes: readonly string[];
}

/** A place as its parts; written out by writeAddress in one style or another. */
interface Place {
  number: number;
  /** Index into DIRECTIONS, or -1 for none. */
  direction: number;
  street: string;
  /** Index into SUFFIXES. */
  suffix: number;
  city: City;
  zip: string;
}

interface AddressStyle {
  longSuffix: boolean;
  longDirection: boolean;
  suffixDot: boolean;
  /** 'Suite ', 'Ste. ', '#', 'Apt ' ... */
  unitWord: string;
  unitInStreet2: boolean;
  /** '120 Main St, Suite 200' or '120 Main St Suite 200'. */
  unitComma: boolean;
  upper: boolean;
  zipPlus4: boolean;
}

interface WrittenAddress {
  street1: string;
  street2: string | null;
  postalCode: string;
}

interface Person {
  first: string;
  last: string;
}

interface Contact extends Person {
  email: string;
}

/** One account as planned: what goes into accounts, contacts, account_aliases and its orders' ship-to. */
interface AccountPlan {
  id: number;
  name: string;
  email: string;
  domain: string | null;
  phone: string | null;
  /** The phone's ten digits. */
  phoneKey: string | null;
  phoneFormat: number;
  place: Place;
  unit: string | null;
  style: AddressStyle;
  shipTo: WrittenAddress;
  /** The primary contact first. */
  contacts: Contact[];
  /** The primary contact's first and last name, lower-case, however the account writes them. */
  personKey: string;
  aliases: string[];
  /** Named after its contact: an individual's account. */
  individual: boolean;
}

interface AccountOptions {
  name?: string;
  domain?: string;
  needsPhone?: boolean;
}

/**
 * Makes accounts that share nothing by accident: every name, e-mail, domain, phone and place is claimed
 * once, and the planting shares them on purpose. Person names are drawn with common names far more often,
 * as in a real customer base, so that namesakes occur.
 */
class CustomerBase {
  private readonly claimed = new Set<string>();
  private invented = 0;
  private readonly firstName: () => string;
  private readonly lastName: () => string;

  constructor(readonly random: Random) {
    // About 2% of people are a James and 1% a Smith, as in the US; the lists are short, so mid-ranked names recur more than in life.
    this.firstName = zipfPicker(FIRST_NAMES, 20, random);
    this.lastName = zipfPicker(LAST_NAMES, 40, random);
  }

  /** A business on its own domain: orders@kolimaru.com, its contacts at the domain. */
  company(id: number, options: AccountOptions = {}): AccountPlan {
    const name = options.name ?? this.companyName();
    const domain = options.domain ?? this.domainFor(name);
    const contacts = [this.person(), this.person()].map((person) => ({ ...person, email: this.email(workMailbox(person, this.random), domain) }));
    return this.account(id, { name, email: this.email(pick(COMPANY_MAILBOXES, this.random), domain), domain, contacts, individual: false }, options);
  }

  /** A business on free mail (kolimarurecovery@gmail.com), as small practices often are; staff sometimes typed the provider as the domain. */
  freeMailCompany(id: number, options: AccountOptions = {}): AccountPlan {
    const name = options.name ?? this.companyName();
    const provider = pick(FREE_MAIL, this.random);
    const mailbox = (name.toLowerCase().match(/[a-z]+/g) ?? ["office"]).slice(0, 2).join("");
    const contacts = [this.person(), this.person()].map((person) => ({ ...person, email: this.email(personalMailbox(person, this.random), pick(FREE_MAIL, this.random)) }));
    return this.account(id, { name, email: this.email(mailbox, provider), domain: this.random() < 0.5 ? provider : null, contacts, individual: false }, options);
  }

  /** A person buying for themselves, on free mail, the account named after them; the second contact is someone of the household. */
  individual(id: number, person = this.person(), options: AccountOptions & { written?: Person } = {}): AccountPlan {
    const written = options.written ?? person;
    const provider = pick(FREE_MAIL, this.random);
    const email = this.email(personalMailbox(person, this.random), provider);
    const other = { ...this.person(), last: this.random() < 0.5 ? person.last : this.lastName() };
    const contacts = [
      { ...written, email },
      { ...other, email: this.email(personalMailbox(other, this.random), pick(FREE_MAIL, this.random)) },
    ];
    // A few individuals give a title; the variants of planted individuals choose their own.
    const title = options.written === undefined && this.random() < 0.05 ? "Dr. " : "";
    const name = `${title}${written.first} ${written.last}`;
    return { ...this.account(id, { name, email, domain: this.random() < 0.5 ? provider : null, contacts, individual: true }, options), personKey: personKeyOf(person) };
  }

  private account(id: number, fields: Pick<AccountPlan, "name" | "email" | "domain" | "contacts" | "individual">, options: AccountOptions): AccountPlan {
    const city = pick(CITIES, this.random);
    const place = this.newPlace(city);
    const style = this.addressStyle(fields.individual);
    const unit = this.random() < (fields.individual ? 0.15 : 0.3) ? this.unitNumber(fields.individual) : null;
    const hasPhone = options.needsPhone || this.random() >= NO_PHONE_SHARE;
    const plan: AccountPlan = {
      id,
      ...fields,
      phone: null,
      phoneKey: null,
      phoneFormat: 0,
      place,
      unit,
      style,
      shipTo: writeAddress(place, unit, style, this.random),
      personKey: personKeyOf(fields.contacts[0]!),
      aliases: [],
    };
    if (hasPhone) this.setPhone(plan, this.newPhoneKey(city), this.phoneFormat());
    return plan;
  }

  setPhone(plan: AccountPlan, key: string, format: number): void {
    plan.phoneKey = key;
    plan.phoneFormat = format;
    plan.phone = PHONE_FORMATS[format]!(key);
  }

  /** The second account's orders go where the first's do, the address written another way. */
  shipToSamePlace(second: AccountPlan, first: AccountPlan): void {
    const unit = this.random() < 0.7 ? first.unit : null;
    this.shipTo(second, first.place, unit, otherStyle(first.style, this.random));
  }

  shipTo(plan: AccountPlan, place: Place, unit: string | null, style: AddressStyle): void {
    Object.assign(plan, { place, unit, style, shipTo: writeAddress(place, unit, style, this.random) });
  }

  sisterOrganizations(ids: number[]): AccountPlan[] {
    for (;;) {
      const [one, other] = pick(SISTER_WORDS, this.random);
      const kind = `${pick(SERVICES, this.random)} ${pick(INSTITUTIONS, this.random)}`;
      const names = [`${one} ${kind}`, `${other} ${kind}`];
      if (names.every((name) => this.claim("name", nameKey(name)))) return ids.map((id, i) => this.company(id, { name: names[i]! }));
    }
  }

  /** Unrelated businesses that happen to have one name: a place and the kind of business, in other cities. */
  businessesOfOneName(ids: number[]): AccountPlan[] {
    for (;;) {
      const name = `${pick(PLACES, this.random)} ${pick(SERVICES, this.random)} ${pick(INSTITUTIONS, this.random)}`;
      if (this.claim("name", nameKey(name))) return ids.map((id, i) => this.company(id, { name: i === 0 ? name : sameNameVariant(name, id) }));
    }
  }

  /** Customers whose orders come with someone else's phone: a fulfilment partner's, a billing service's. */
  customersSharingAPhone(ids: number[], individuals = 0.3): AccountPlan[] {
    const phone = this.newPhoneKey(pick(CITIES, this.random));
    return ids.map((id) => {
      const customer = this.random() < individuals ? this.individual(id) : this.company(id);
      this.setPhone(customer, phone, this.phoneFormat());
      return customer;
    });
  }

  /** Customers of a reseller whose orders all ship to its warehouse; some resellers also give their phone. */
  warehouseCustomers(ids: number[], withPhone: boolean): AccountPlan[] {
    const warehouse = this.newPlace(pick(CITIES, this.random));
    const style = this.addressStyle(false);
    const phone = withPhone ? this.newPhoneKey(warehouse.city) : null;
    return ids.map((id, i) => {
      const customer = this.random() < 0.3 ? this.individual(id) : this.company(id);
      this.shipTo(customer, warehouse, null, i % 4 === 3 ? otherStyle(style, this.random) : style);
      customer.shipTo.street2 = `Dock ${1 + (i % 6)}`;
      if (phone !== null) this.setPhone(customer, phone, this.phoneFormat());
      return customer;
    });
  }

  /** A chain's branches, each with its store number, on the chain's domain. */
  branches(ids: number[]): AccountPlan[] {
    const chain = `${inventedWord(this.invented++)} ${pick(SERVICES, this.random)}`;
    const domain = this.domainFor(chain);
    const written = pick(NUMBERED, this.random);
    const numbers = new Set<number>();
    while (numbers.size < ids.length) numbers.add(1 + Math.floor(this.random() * 250));
    return [...numbers].map((number, i) => this.company(ids[i]!, { name: written(chain, number), domain }));
  }

  /** Companies in one office building, each in its suite, written in its own way inside the street line. */
  tenants(ids: number[]): AccountPlan[] {
    const building = this.newPlace(pick(CITIES, this.random));
    const suites = new Set<number>();
    while (suites.size < ids.length) suites.add(100 * (1 + Math.floor(this.random() * 24)) + Math.floor(this.random() * 20));
    return [...suites].map((suite, i) => {
      const tenant = this.company(ids[i]!);
      this.shipTo(tenant, building, String(suite), { ...this.addressStyle(false), unitInStreet2: false });
      return tenant;
    });
  }

  /** 'Kolimaru Recovery Center': an invented word, distinct for every account, and the words for the kind of business. */
  companyName(long = false): string {
    const word = inventedWord(this.invented++);
    const form = long ? 0 : Math.floor(this.random() * 5);
    const service = pick(SERVICES, this.random);
    const institution = pick(INSTITUTIONS, this.random);
    const name = form <= 2 ? `${word} ${service} ${institution}` : form === 3 ? `${word} ${service}` : `${word} ${institution}`;
    this.claim("name", nameKey(name));
    return name;
  }

  /** The legal entity behind a clinic: 'Vetanori Holdings'. */
  holdingName(): string {
    return `${inventedWord(this.invented++)} ${pick(HOLDINGS, this.random)}`;
  }

  /** 'Riverside Wellness 12': a place, a kind of business and a store number, the three together used once. */
  numberedName(): string {
    for (;;) {
      const place = pick(PLACES, this.random);
      const service = pick(SERVICES, this.random);
      const number = 1 + Math.floor(this.random() ** 2 * 400);
      if (this.claim("numbered", `${place}|${service}|${number}`)) return pick(NUMBERED, this.random)(`${place} ${service}`, number);
    }
  }

  /** The e-mail of an account merged away long ago, on a domain no account has. */
  retiredEmail(): string {
    return this.email(pick(COMPANY_MAILBOXES, this.random), `${inventedWord(this.invented++).toLowerCase()}.com`);
  }

  person(): Person {
    return { first: this.firstName(), last: this.lastName() };
  }

  /** The person behind an account, as its primary contact writes them. */
  personOf(account: AccountPlan): Person {
    const [contact] = account.contacts;
    return { first: contact!.first, last: contact!.last };
  }

  private domainFor(name: string): string {
    const words = name.toLowerCase().match(/[a-z0-9]+/g)!;
    const tld = this.random() < 0.85 ? "com" : pick(["net", "org", "us", "health"], this.random);
    const labels = [words[0]!, words.slice(0, 2).join(""), words.join("")];
    // A short first word ('oak') alone would be some other business's domain; a numbered store's is its whole name.
    let i = /\d/.test(name) ? 2 : words[0]!.length < 6 || this.random() < 0.3 ? 1 : 0;
    for (; ; i++) {
      const domain = `${labels[i] ?? `${labels[2]}${i}`}.${tld}`;
      if (this.claim("domain", domain)) return domain;
    }
  }

  /** `mailbox@domain`, or mailbox2@, mailbox3@ ... where it is taken. */
  private email(mailbox: string, domain: string): string {
    for (let n = 1; ; n++) {
      const email = `${mailbox}${n === 1 ? "" : n}@${domain}`;
      if (this.claim("email", email)) return email;
    }
  }

  private newPhoneKey(city: City): string {
    for (;;) {
      const exchange = 200 + Math.floor(this.random() * 800);
      if (exchange === 555) continue;
      const key = `${pick(city.areaCodes, this.random)}${exchange}${String(Math.floor(this.random() * 10_000)).padStart(4, "0")}`;
      if (this.claim("phone", key)) return key;
    }
  }

  /** Most numbers written the usual ways, some with a country code or an extension. */
  private phoneFormat(): number {
    return Math.floor(this.random() * (this.random() < 0.7 ? 3 : PHONE_FORMATS.length));
  }

  private newPlace(city: City): Place {
    for (;;) {
      const place: Place = {
        number: 100 + Math.floor(this.random() ** 2 * 9900),
        direction: this.random() < 0.25 ? Math.floor(this.random() * DIRECTIONS.length) : -1,
        street: pick(STREET_NAMES, this.random),
        suffix: Math.floor(this.random() * SUFFIXES.length),
        city,
        zip: `${city.zip3}${String(1 + Math.floor(this.random() * 98)).padStart(2, "0")}`,
      };
      if (this.claim("place", placeKey(place))) return place;
    }
  }

  private addressStyle(home: boolean): AddressStyle {
    return {
      longSuffix: this.random() < 0.4,
      longDirection: this.random() < 0.4,
      suffixDot: this.random() < 0.15,
      unitWord: pick(home ? HOME_UNITS : OFFICE_UNITS, this.random),
      unitInStreet2: this.random() < 0.3,
      unitComma: this.random() < 0.5,
      upper: this.random() < 0.05,
      zipPlus4: this.random() < 0.15,
    };
  }

  private unitNumber(home: boolean): string {
    return home ? `${1 + Math.floor(this.random() * 30)}${pick(["", "", "A", "B"], this.random)}` : String(100 * (1 + Math.floor(this.random() * 20)) + Math.floor(this.random() * 10));
  }

  private claim(kind: string, value: string): boolean {
    const key = `${kind}:${value}`;
    if (this.claimed.has(key)) return false;
    this.claimed.add(key);
    return true;
  }
}

// ---------------------------------------------------------------------------------------------------
// Writing names, e-mails, phones and addresses

/** The same name once normalized: another legal form, case, a leading 'The', an abbreviation. */
function sameNameVariant(name: string, i: number): string {
  return SAME_NAME_VARIANTS[i % SAME_NAME_VARIANTS.length]!(name);
}

const SAME_NAME_VARIANTS: readonly ((name: string) => string)[] = [
  (name) => `The ${name}`,
  (name) => `${name}, LLC`,
  (name) => `${name.toUpperCase()}, INC.`,
  (name) => name.toLowerCase(),
  (name) => `${name} Co.`,
  (name) => `The ${name}, P.L.L.C.`,
  (name) => {
    const abbreviated = ABBREVIATIONS.reduce((text, [word, short]) => text.replace(word, short), name);
    return abbreviated === name ? `${name} Inc` : abbreviated;
  },
];

const ABBREVIATIONS: readonly [RegExp, string][] = [
  [/\bCenter\b/, "Ctr"],
  [/\bServices\b/, "Svcs"],
  [/\bMedical\b/, "Med"],
  [/\bAssociates\b/, "Assoc."],
];

/** One typing mistake in the distinctive (first) word: a wrong, missing, doubled or swapped letter. */
function withTypo(name: string, random: Random): string {
  const space = name.indexOf(" ");
  const word = name.slice(0, space).toLowerCase();
  const at = Math.floor(random() * word.length);
  const wrong = String.fromCharCode(97 + ((word.charCodeAt(at) - 97 + 1 + Math.floor(random() * 25)) % 26));
  let typed: string;
  switch (Math.floor(random() * 4)) {
    case 0:
      typed = word.slice(0, at) + wrong + word.slice(at + 1);
      break;
    case 1:
      typed = word.slice(0, at) + word.slice(at + 1);
      break;
    case 2:
      typed = word.slice(0, at) + word[at] + word.slice(at);
      break;
    default:
      typed = at + 1 < word.length ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at) + wrong;
  }
  return typed[0]!.toUpperCase() + typed.slice(1) + name.slice(space);
}

/** The same person written another way: case, a title, a middle initial. The contact's names follow the account's. */
function personNameVariant(person: Person, i: number): Person {
  switch (i % 4) {
    case 0:
      return { first: person.first.toUpperCase(), last: person.last.toUpperCase() };
    case 1:
      return { first: person.first.toLowerCase(), last: person.last.toLowerCase() };
    case 2:
      return { first: `${person.first} ${"ABCDEJKLMRST"[i % 12]}.`, last: person.last };
    default:
      return { first: `Dr. ${person.first}`, last: person.last };
  }
}

function personKeyOf(person: Person): string {
  const words = `${person.first} ${person.last}`.toLowerCase().replace(/\./g, "").split(/\s+/);
  const names = words.filter((word, i) => !(i === 0 && word === "dr") && word.length > 1);
  return `${names[0]} ${names[names.length - 1]}`;
}

function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function workMailbox(person: Person, random: Random): string {
  const [first, last] = [person.first.toLowerCase(), person.last.toLowerCase()];
  return random() < 0.6 ? `${first}.${last}` : `${first[0]}${last}`;
}

function personalMailbox(person: Person, random: Random): string {
  const [first, last] = [person.first.toLowerCase(), person.last.toLowerCase()];
  const digits = random() < 0.5 ? String(1950 + Math.floor(random() * 55)) : String(Math.floor(random() * 100));
  return `${pick([`${first}.${last}`, `${first}${last}`, `${first[0]}${last}`, `${first}_${last}`], random)}${digits}`;
}

const PHONE_FORMATS: readonly ((digits: string) => string)[] = [
  (d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d) => `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`,
  (d) => `1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d) => d,
  (d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)} ext. ${100 + (Number(d.slice(6)) % 900)}`,
  (d) => `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)} x${10 + (Number(d.slice(6)) % 90)}`,
];

function otherFormat(format: number, random: Random): number {
  return (format + 1 + Math.floor(random() * (PHONE_FORMATS.length - 1))) % PHONE_FORMATS.length;
}

/** '1200 N Oakmont Ave, Suite 200' or '1200 NORTH OAKMONT AVENUE #200', ZIP or ZIP+4. */
function writeAddress(place: Place, unit: string | null, style: AddressStyle, random: Random): WrittenAddress {
  const [longSuffix, shortSuffix] = SUFFIXES[place.suffix]!;
  const words = [String(place.number)];
  if (place.direction >= 0) words.push(DIRECTIONS[place.direction]![style.longDirection ? 0 : 1]);
  words.push(place.street, style.longSuffix ? longSuffix : `${shortSuffix}${style.suffixDot && shortSuffix !== longSuffix ? "." : ""}`);
  let street1 = words.join(" ");
  let street2: string | null = null;
  if (unit !== null) {
    const written = `${style.unitWord}${unit}`;
    if (style.unitInStreet2) street2 = written;
    else street1 += `${style.unitComma ? "," : ""} ${written}`;
  }
  if (style.upper) street1 = street1.toUpperCase();
  const postalCode = style.zipPlus4 ? `${place.zip}-${String(Math.floor(random() * 10_000)).padStart(4, "0")}` : place.zip;
  return { street1, street2, postalCode };
}

/** Another way of writing the same address: the other suffix and direction forms, another unit word, kept in the street line. */
function otherStyle(style: AddressStyle, random: Random): AddressStyle {
  const family = HOME_UNITS.includes(style.unitWord) ? HOME_UNITS : OFFICE_UNITS;
  const others = family.filter((word) => word !== style.unitWord);
  return {
    longSuffix: !style.longSuffix,
    longDirection: !style.longDirection,
    suffixDot: random() < 0.3,
    unitWord: pick(others, random),
    unitInStreet2: false,
    unitComma: !style.unitComma,
    upper: random() < 0.2,
    zipPlus4: random() < 0.3,
  };
}

function placeKey(place: Place): string {
  return `${place.number}|${place.direction}|${place.street}|${place.suffix}|${place.zip}`;
}

/** Four syllables, a different word for every n below 24 million; consecutive n give unrelated words. */
function inventedWord(n: number): string {
  const syllables = CONSONANTS.length * VOWELS.length;
  let code = (n * 7919 + 12345) % syllables ** 4;
  let word = "";
  for (let i = 0; i < 4; i++, code = Math.floor(code / syllables)) {
    const syllable = code % syllables;
    word += CONSONANTS[Math.floor(syllable / VOWELS.length)]! + VOWELS[syllable % VOWELS.length]!;
  }
  return word[0]!.toUpperCase() + word.slice(1);
}

// ---------------------------------------------------------------------------------------------------
// Randomness, seeded so that every build is the same

type Random = () => number;

/** mulberry32. */
function seededRandom(seed: number): Random {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from a list ordered from most to least common, rank r weighing 1 / (r + offset). */
function zipfPicker<T>(list: readonly T[], offset: number, random: Random): () => T {
  const cumulative: number[] = [];
  let total = 0;
  list.forEach((_, rank) => cumulative.push((total += 1 / (rank + offset))));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = list.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return list[low]!;
  };
}

function pick<T>(list: readonly T[], random: Random): T {
  return list[Math.floor(random() * list.length)]!;
}

function groupSize(smallest: number, largest: number, random: Random): number {
  return smallest + Math.floor(random() * (largest - smallest + 1));
}

function shuffle<T>(list: T[], random: Random): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

function range(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

// ---------------------------------------------------------------------------------------------------
// Word lists

const CONSONANTS = "bdfgklmnprstvz";
const VOWELS = "aeiou";

const SERVICES = [
  "Recovery", "Occupational Health", "Toxicology", "Family Medicine", "Behavioral Health", "Wellness", "Medical", "Diagnostics",
  "Sober Living", "Treatment", "Staffing", "Logistics", "Transport", "Pain Management", "Urgent Care", "Counseling", "Pharmacy",
  "Physical Therapy", "Chiropractic", "Pediatrics", "Addiction", "Drug Testing", "Employment Screening", "Trucking", "Construction",
];
const INSTITUTIONS = ["Center", "Clinic", "Labs", "Partners", "Group", "Services", "Associates", "Institute", "Solutions", "Network", "Practice"];
const HOLDINGS = ["Holdings", "Health Partners", "Management", "Enterprises", "Health System"];
const PLACES = [
  "Riverside", "Summit", "Lakeview", "Granite", "Harbor", "Pinecrest", "Cedar", "Maple", "Valley", "Sunrise", "Northside", "Bayview",
  "Clearwater", "Evergreen", "Frontier", "Heritage", "Liberty", "Meridian", "Pioneer", "Keystone",
];
const NUMBERED: readonly ((base: string, number: number) => string)[] = [
  (base, number) => `${base} ${number}`,
  (base, number) => `${base} #${number}`,
  (base, number) => `${base} No. ${number}`,
  (base, number) => `${base} - Store ${number}`,
];
/** Names of sister organizations: each pair differs in one distinguishing word, by more than a typo would. */
const SISTER_WORDS: readonly [string, string][] = [
  ["Oak Ridge", "Blue Ridge"], ["North Valley", "South Valley"], ["Fairview", "Parkview"], ["Lakeview", "Bayview"],
  ["Eastside", "Westside"], ["Hillcrest", "Pinecrest"], ["Riverside", "Lakeside"], ["Springfield", "Brookfield"],
  ["Westwood", "Eastwood"], ["Northgate", "Southgate"], ["Upper Valley", "Lower Valley"], ["Mount Zion", "Mount Hope"],
  ["Saint Luke", "Saint Mary"], ["Greenville", "Greenwood"], ["Cedar Creek", "Willow Creek"], ["Silver Lake", "Crystal Lake"],
  ["Pine Grove", "Oak Grove"], ["Sunrise", "Sunset"], ["Northshore", "Southshore"], ["Clearwater", "Stillwater"],
  ["Maplewood", "Oakwood"], ["Highland", "Lowland"], ["Harbor View", "Ocean View"], ["Red Rock", "Black Rock"],
  ["Northern", "Southern"], ["Eastern", "Western"], ["Central", "Coastal"], ["Golden Gate", "Silver Gate"],
];
const COMPANY_MAILBOXES = ["orders", "purchasing", "info", "office", "billing", "accounts", "admin", "frontdesk", "supplies"];
const FREE_MAIL = ["gmail.com", "gmail.com", "gmail.com", "yahoo.com", "hotmail.com", "outlook.com", "aol.com", "icloud.com", "comcast.net", "att.net"];

/** Most common first, as drawn by zipfPicker. */
const FIRST_NAMES = [
  "James", "Mary", "Michael", "Jennifer", "Robert", "Linda", "John", "Patricia", "David", "Elizabeth", "William", "Barbara", "Richard",
  "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Christopher", "Karen", "Charles", "Lisa", "Daniel", "Nancy", "Matthew", "Betty",
  "Anthony", "Sandra", "Mark", "Margaret", "Donald", "Ashley", "Steven", "Kimberly", "Andrew", "Emily", "Paul", "Donna", "Joshua",
  "Michelle", "Kenneth", "Carol", "Kevin", "Amanda", "Brian", "Melissa", "Timothy", "Deborah", "Ronald", "Stephanie", "George",
  "Rebecca", "Jason", "Sharon", "Edward", "Laura", "Jeffrey", "Cynthia", "Ryan", "Dorothy", "Jacob", "Amy", "Nicholas", "Kathleen",
  "Gary", "Angela", "Eric", "Shirley", "Jonathan", "Emma", "Stephen", "Brenda", "Larry", "Pamela", "Justin", "Nicole", "Scott", "Anna",
  "Brandon", "Samantha", "Benjamin", "Katherine", "Samuel", "Christine", "Gregory", "Debra", "Alexander", "Rachel", "Patrick",
  "Carolyn", "Frank", "Janet", "Raymond", "Maria", "Jack", "Olivia", "Dennis", "Heather", "Jerry", "Helen", "Tyler", "Catherine",
  "Aaron", "Diane", "Jose", "Julie", "Adam", "Victoria", "Nathan", "Joyce", "Henry", "Lauren", "Zachary", "Kelly", "Douglas",
  "Christina", "Peter", "Ruth", "Kyle", "Joan", "Noah", "Virginia", "Ethan", "Judith", "Jeremy", "Evelyn", "Walter", "Hannah",
  "Christian", "Andrea", "Keith", "Megan", "Roger", "Cheryl", "Terry", "Jacqueline", "Austin", "Madison", "Sean", "Teresa", "Gerald",
  "Abigail", "Carl", "Sophia", "Harold", "Martha", "Dylan", "Sara", "Arthur", "Gloria", "Lawrence", "Janice", "Jordan", "Kathryn",
  "Jesse", "Ann", "Bryan", "Isabella", "Billy", "Judy", "Bruce", "Charlotte", "Gabriel", "Julia", "Joe", "Grace", "Logan", "Amber",
  "Alan", "Alice", "Juan", "Jean", "Albert", "Denise", "Willie", "Frances", "Elijah", "Danielle", "Wayne", "Marilyn", "Randy",
  "Natalie", "Vincent", "Beverly", "Mason", "Diana", "Roy", "Brittany", "Ralph", "Theresa", "Bobby", "Kayla", "Russell", "Alexis",
  "Bradley", "Doris", "Philip", "Lori", "Eugene", "Tiffany", "Carlos", "Aisha", "Wei", "Priya", "Omar", "Mohammed", "Fatima",
  "Luis", "Ana", "Sofia", "Hiroshi", "Mei", "Raj", "Chinedu", "Ngozi", "Dmitri", "Olga",
];
const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez",
  "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris",
  "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen",
  "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts", "Gomez",
  "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes", "Stewart", "Morris", "Morales", "Murphy",
  "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper", "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox",
  "Ward", "Richardson", "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes", "Price",
  "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez", "Powell", "Jenkins", "Perry", "Russell",
  "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes", "Gonzales", "Fisher", "Vasquez", "Simmons", "Romero", "Jordan",
  "Patterson", "Alexander", "Hamilton", "Graham", "Reynolds", "Griffin", "Wallace", "Moreno", "West", "Cole", "Hayes", "Bryant",
  "Herrera", "Gibson", "Ellis", "Tran", "Medina", "Aguilar", "Stevens", "Murray", "Ford", "Castro", "Marshall", "Owens", "Harrison",
  "Fernandez", "McDonald", "Woods", "Washington", "Kennedy", "Wells", "Vargas", "Henry", "Chen", "Freeman", "Webb", "Tucker",
  "Guzman", "Burns", "Crawford", "Olson", "Simpson", "Porter", "Hunter", "Gordon", "Mendez", "Silva", "Shaw", "Snyder", "Mason",
  "Dixon", "Munoz", "Hunt", "Hicks", "Holmes", "Palmer", "Wagner", "Black", "Robertson", "Boyd", "Rose", "Stone", "Salazar", "Fox",
  "Warren", "Mills", "Meyer", "Rice", "Schmidt", "Garza", "Daniels", "Ferguson", "Nichols", "Stephens", "Soto", "Weaver", "Ryan",
  "Gardner", "Payne", "Grant", "Dunn", "Kelley", "Spencer", "Hawkins", "Arnold", "Pierce", "Vazquez", "Hansen", "Peters", "Santos",
  "Hart", "Bradley", "Knight", "Elliott", "Cunningham", "Duncan", "Armstrong", "Hudson", "Carroll", "Lane", "Riley", "Andrews",
  "Alvarado", "Ray", "Delgado", "Berry", "Perkins", "Hoffman", "Johnston", "Matthews", "Pena", "Richards", "Contreras", "Willis",
  "Carpenter", "Lawrence", "Sandoval", "Okafor", "Chowdhury", "Yamamoto", "Kowalski", "Novak", "Ivanov", "Haddad", "Mensah",
];

const CITIES: readonly City[] = [
  { name: "Atlanta", state: "GA", zip3: "303", areaCodes: ["404", "470", "678"] },
  { name: "Chicago", state: "IL", zip3: "606", areaCodes: ["312", "773", "872"] },
  { name: "Houston", state: "TX", zip3: "770", areaCodes: ["713", "281", "832"] },
  { name: "Phoenix", state: "AZ", zip3: "850", areaCodes: ["602", "480", "623"] },
  { name: "Denver", state: "CO", zip3: "802", areaCodes: ["303", "720"] },
  { name: "Nashville", state: "TN", zip3: "372", areaCodes: ["615", "629"] },
  { name: "Columbus", state: "OH", zip3: "432", areaCodes: ["614", "380"] },
  { name: "Charlotte", state: "NC", zip3: "282", areaCodes: ["704", "980"] },
  { name: "Dallas", state: "TX", zip3: "752", areaCodes: ["214", "469", "972"] },
  { name: "Tampa", state: "FL", zip3: "336", areaCodes: ["813", "656"] },
  { name: "Orlando", state: "FL", zip3: "328", areaCodes: ["407", "321"] },
  { name: "Seattle", state: "WA", zip3: "981", areaCodes: ["206", "253"] },
  { name: "Portland", state: "OR", zip3: "972", areaCodes: ["503", "971"] },
  { name: "Kansas City", state: "MO", zip3: "641", areaCodes: ["816"] },
  { name: "Louisville", state: "KY", zip3: "402", areaCodes: ["502"] },
  { name: "Indianapolis", state: "IN", zip3: "462", areaCodes: ["317", "463"] },
  { name: "Detroit", state: "MI", zip3: "482", areaCodes: ["313"] },
  { name: "Minneapolis", state: "MN", zip3: "554", areaCodes: ["612", "651"] },
  { name: "St. Louis", state: "MO", zip3: "631", areaCodes: ["314"] },
  { name: "Birmingham", state: "AL", zip3: "352", areaCodes: ["205", "659"] },
  { name: "Memphis", state: "TN", zip3: "381", areaCodes: ["901"] },
  { name: "Richmond", state: "VA", zip3: "232", areaCodes: ["804"] },
  { name: "Baltimore", state: "MD", zip3: "212", areaCodes: ["410", "443"] },
  { name: "Philadelphia", state: "PA", zip3: "191", areaCodes: ["215", "267"] },
  { name: "Pittsburgh", state: "PA", zip3: "152", areaCodes: ["412", "878"] },
  { name: "Boston", state: "MA", zip3: "021", areaCodes: ["617", "857"] },
  { name: "Newark", state: "NJ", zip3: "071", areaCodes: ["973", "862"] },
  { name: "Albuquerque", state: "NM", zip3: "871", areaCodes: ["505"] },
  { name: "Las Vegas", state: "NV", zip3: "891", areaCodes: ["702", "725"] },
  { name: "Sacramento", state: "CA", zip3: "958", areaCodes: ["916", "279"] },
  { name: "San Diego", state: "CA", zip3: "921", areaCodes: ["619", "858"] },
  { name: "Los Angeles", state: "CA", zip3: "900", areaCodes: ["213", "323", "310"] },
  { name: "Salt Lake City", state: "UT", zip3: "841", areaCodes: ["801", "385"] },
  { name: "Oklahoma City", state: "OK", zip3: "731", areaCodes: ["405"] },
  { name: "Omaha", state: "NE", zip3: "681", areaCodes: ["402", "531"] },
  { name: "Milwaukee", state: "WI", zip3: "532", areaCodes: ["414"] },
  { name: "Cleveland", state: "OH", zip3: "441", areaCodes: ["216"] },
  { name: "Raleigh", state: "NC", zip3: "276", areaCodes: ["919", "984"] },
  { name: "Jacksonville", state: "FL", zip3: "322", areaCodes: ["904"] },
  { name: "Austin", state: "TX", zip3: "787", areaCodes: ["512", "737"] },
  { name: "San Antonio", state: "TX", zip3: "782", areaCodes: ["210", "726"] },
];

/** Street names that are none of the words an address key abbreviates or drops (suffixes, directions, units). */
const STREET_NAMES = [
  "Main", "Oak", "Maple", "Cedar", "Pine", "Elm", "Washington", "Lake", "Hill", "Church", "Walnut", "Spring", "Ridge", "Lincoln",
  "Jackson", "Franklin", "Highland", "Sunset", "Madison", "Jefferson", "Peachtree", "Magnolia", "Dogwood", "Willow", "Chestnut",
  "Hickory", "Mill", "River", "Forest", "Meadow", "Valley", "Adams", "Monroe", "Broad", "Market", "Union", "Liberty", "College",
  "School", "Railroad", "Commerce", "Industrial", "Airport", "Bridge", "Canal", "Harbor", "Bay", "Orchard", "Cherry", "Poplar",
  "Sycamore", "Birch", "Aspen", "Spruce", "Laurel", "Holly", "Cypress", "Juniper", "Prospect", "Grand", "Central", "Lafayette",
  "Hamilton", "Clinton", "Wilson", "Grant", "Sherman", "Kennedy", "Roosevelt", "Cleveland", "Pleasant", "Fairway", "Meridian",
  "Summit", "Vista", "Canyon", "Mesa", "Sierra", "Alamo", "Old Mill", "Cherry Hill", "Stone Creek", "Fox Run", "Deer Park",
  "Eagle Ridge", "Quail Hollow", "Mockingbird", "Cardinal", "Bluebird", "Heron", "Pelican", "Coral", "Palm", "Ocean", "Beach",
  "Shore", "Cove", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "12th", "14th", "16th", "21st",
];
const SUFFIXES: readonly [string, string][] = [
  ["Street", "St"], ["Avenue", "Ave"], ["Road", "Rd"], ["Boulevard", "Blvd"], ["Drive", "Dr"], ["Lane", "Ln"], ["Court", "Ct"],
  ["Place", "Pl"], ["Parkway", "Pkwy"], ["Way", "Way"], ["Circle", "Cir"], ["Highway", "Hwy"], ["Trail", "Trl"], ["Terrace", "Ter"],
];
const DIRECTIONS: readonly [string, string][] = [["North", "N"], ["South", "S"], ["East", "E"], ["West", "W"]];
const OFFICE_UNITS = ["Suite ", "Ste ", "Ste. ", "#", "Unit "];
const HOME_UNITS = ["Apt ", "Apt. ", "#", "Unit "];
