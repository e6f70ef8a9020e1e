import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { FREE_MAIL_DOMAINS } from "./customer-profiles.ts";
import { writeDemoShipStationExport, type DemoExportSummary } from "./shipstation-file.ts";
import { SPELLED_OUT_STREET_DIRECTIONS, SPELLED_OUT_STREET_SUFFIXES } from "./street-names.ts";
import { temporaryDirectory, useTemporaryDirectoryForAll } from "../../testing/temporary-directory.ts";

describe("a demo export imported on its end date", () => {
  const endDate = "2026-11-15";
  const dir = useTemporaryDirectoryForAll("crm-demo-history-");
  let customers: CustomerHistory[];
  let historyDays: number;

  beforeAll(() => {
    const out = path.join(dir.path, "orders.csv");
    writeDemoShipStationExport({ rows: 30_000, out, seed: 3, endDate: new Date(endDate) });
    customers = customerHistories(readFileSync(out, "utf8"), dayNumber(endDate));
    historyDays = Math.max(...customers.map((customer) => customer.firstOrderDaysAgo)) + 1;
  });

  const shareOf = (matching: (customer: CustomerHistory) => boolean) => customers.filter(matching).length / customers.length;

  test("spans the default two years", () => {
    expect(historyDays).toBeGreaterThanOrEqual(720);
    expect(historyDays).toBeLessThanOrEqual(731);
  });

  test("has a few percent of its customers new: first order within the last 30 days", () => {
    const newShare = shareOf((customer) => customer.firstOrderDaysAgo < 30);
    expect(newShare).toBeGreaterThanOrEqual(0.01);
    expect(newShare).toBeLessThanOrEqual(0.08);
  });

  test("keeps winning customers up to its last week", () => {
    for (let week = 0; week < 4; week++) {
      const firstOrdersThatWeek = customers.filter((customer) => Math.floor(customer.firstOrderDaysAgo / 7) === week).length;
      expect(firstOrdersThatWeek).toBeGreaterThan(0);
    }
  });

  test("has customers who stopped ordering more than 180 days ago, as a real order history does", () => {
    const legacyShare = shareOf((customer) => customer.lastOrderDaysAgo > 180);
    expect(legacyShare).toBeGreaterThanOrEqual(0.15);
    expect(legacyShare).toBeLessThanOrEqual(0.6);
  });

  test("spreads first orders over the whole range: each quarter brings at least a tenth of the customers", () => {
    const quarterLength = historyDays / 4;
    for (let quarter = 0; quarter < 4; quarter++) {
      const firstOrdersInQuarter = shareOf((customer) => Math.floor((historyDays - 1 - customer.firstOrderDaysAgo) / quarterLength) === quarter);
      expect(firstOrdersInQuarter).toBeGreaterThanOrEqual(0.1);
    }
  });
});

describe("a demo export's customers, as duplicate detection sees them", () => {
  const dir = useTemporaryDirectoryForAll("crm-demo-duplicates-");
  let summary: DemoExportSummary;
  let customers: Map<string, ShipTo>;
  /** Each planted second e-mail's first one; every other e-mail stands for itself. */
  let realCustomerOf: (email: string) => string;

  beforeAll(() => {
    const out = path.join(dir.path, "orders.csv");
    summary = writeDemoShipStationExport({ rows: 30_000, out, seed: 3, endDate: new Date("2026-11-15") });
    customers = shipTosByEmail(readFileSync(out, "utf8"));
    const originals = new Map(summary.plantedDuplicates.map(([original, duplicate]) => [duplicate, original]));
    realCustomerOf = (email) => originals.get(email) ?? email;
  });

  test("counts in its summary the customers and planted duplicates the file holds", () => {
    expect(summary.customers).toBe(customers.size);
    for (const [original, duplicate] of summary.plantedDuplicates) {
      expect(customers.has(original)).toBe(true);
      expect(customers.has(duplicate)).toBe(true);
    }
  });

  test("plants about 3% of customers as a second e-mail of an earlier one, first ordering after it", () => {
    const { plantedDuplicates } = summary;
    expect(plantedDuplicates.length / customers.size).toBeGreaterThanOrEqual(0.02);
    expect(plantedDuplicates.length / customers.size).toBeLessThanOrEqual(0.04);
    const emails = plantedDuplicates.flat();
    expect(new Set(emails).size).toBe(emails.length);
    for (const [original, duplicate] of plantedDuplicates) expect(customers.get(duplicate)!.firstRow).toBeGreaterThan(customers.get(original)!.firstRow);
  });

  test("has each planted pair share a business domain, an address or a phone, written as people retype them", () => {
    const kinds = new Map<string, number>();
    const count = (kind: string) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    for (const [originalEmail, duplicateEmail] of summary.plantedDuplicates) {
      const [original, duplicate] = [customers.get(originalEmail)!, customers.get(duplicateEmail)!];
      const sameDomain = !isFreeMail(originalEmail) && domainOf(originalEmail) === domainOf(duplicateEmail);
      const sameAddress = original.addressKey === duplicate.addressKey;
      const samePhone = original.phoneDigits !== "" && original.phoneDigits === duplicate.phoneDigits;
      expect(sameDomain || sameAddress || samePhone).toBe(true);
      count(`${isFreeMail(originalEmail) ? "free mail" : "business domain"} to ${isFreeMail(duplicateEmail) ? "free mail" : sameDomain ? "same domain" : "own domain"}`);
      if (sameAddress && original.address !== duplicate.address) count("address retyped");
      if (samePhone && original.phone !== duplicate.phone) count("phone retyped");
      if (original.company !== "" && duplicate.company !== "" && original.company !== duplicate.company) count("company retyped");
      if (sameAddress && personKey(original.name) === personKey(duplicate.name)) count("same person at the same address");
    }
    const expected = [
      ...["business domain to free mail", "business domain to same domain", "free mail to own domain", "free mail to free mail"],
      ...["address retyped", "phone retyped", "company retyped", "same person at the same address"],
    ];
    for (const kind of expected) expect(kinds.get(kind) ?? 0).toBeGreaterThan(0);
  });

  for (const [evidence, keyOf] of [
    ["a phone", (customer: ShipTo) => customer.phoneDigits],
    ["an address", (customer: ShipTo) => customer.addressKey],
  ] as const) {
    test(`gives every customer ${evidence} of their own, but for planted duplicates and the few groups ordering through one service`, () => {
      const realCustomersBy = new Map<string, Set<string>>();
      for (const [email, customer] of customers) {
        const key = keyOf(customer);
        if (key === "") continue;
        const sharing = realCustomersBy.get(key) ?? new Set<string>();
        realCustomersBy.set(key, sharing.add(realCustomerOf(email)));
      }
      const groups = [...realCustomersBy.values()].filter((sharing) => sharing.size > 1).map((sharing) => sharing.size);
      const customersInGroups = groups.reduce((sum, size) => sum + size, 0);
      expect(Math.max(...groups)).toBeGreaterThanOrEqual(5);
      expect(Math.max(...groups)).toBeLessThanOrEqual(30);
      expect(customersInGroups / customers.size).toBeLessThanOrEqual(0.02);
    });
  }

  test("has common names recur, as in a real customer base: Smith far more often than most surnames, and namesakes who are different people", () => {
    const bySurname = new Map<string, number>();
    for (const customer of customers.values()) {
      const surname = personKey(customer.name).split(" ").pop()!;
      bySurname.set(surname, (bySurname.get(surname) ?? 0) + 1);
    }
    const counts = [...bySurname.values()].sort((a, b) => b - a);
    expect(bySurname.get("smith")).toBe(counts[0]);
    expect(counts[0]!).toBeGreaterThanOrEqual(4 * counts[Math.floor(counts.length / 2)]!);

    const byPerson = Map.groupBy([...customers.entries()], ([, customer]) => personKey(customer.name));
    const namesakes = [...byPerson.values()].filter((sharing) => {
      const strangers = sharing.filter(([email], index) => sharing.findIndex(([other]) => realCustomerOf(other) === realCustomerOf(email)) === index);
      return strangers.length > 1 && new Set(strangers.map(([, customer]) => customer.addressKey)).size === strangers.length;
    });
    expect(namesakes.length).toBeGreaterThan(10);
  });
});

test("the same seed and options write the same bytes", () => {
  const dir = temporaryDirectory("crm-demo-seed-");
  try {
    const [first, second] = [path.join(dir.path, "a.csv"), path.join(dir.path, "b.csv")];
    const options = { rows: 3_000, seed: 11, endDate: new Date("2026-11-15") };
    expect(writeDemoShipStationExport({ ...options, out: first })).toEqual(writeDemoShipStationExport({ ...options, out: second }));
    expect(readFileSync(first).equals(readFileSync(second))).toBe(true);
  } finally {
    dir.dispose();
  }
});

/** A customer's ship-to as its first readable row has it, and the keys duplicate detection compares. */
interface ShipTo {
  name: string;
  company: string;
  address: string;
  addressKey: string;
  phone: string;
  phoneDigits: string;
  /** The index of the customer's first readable row: the file is oldest first, and order numbers are not (the marketplace reuses the main store's). */
  firstRow: number;
}

/** The customers of the rows the import reads, by e-mail. */
function shipTosByEmail(csv: string): Map<string, ShipTo> {
  const customers = new Map<string, ShipTo>();
  for (const [index, row] of Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data.entries()) {
    const email = row["Customer Email"] ?? "";
    if (!PLAIN_EMAIL.test(email) || usDateDayNumber(row["Date - Order Date"] ?? "") === undefined || customers.has(email)) continue;
    const [street, unit, postalCode, phone] = [row["Ship To - Address 1"]!, row["Ship To - Address 2"]!, row["Ship To - Postal Code"]!, row["Ship To - Phone"]!];
    customers.set(email, {
      name: row["Ship To - Name"]!,
      company: row["Ship To - Company"]!,
      address: [street, unit, postalCode].join(", "),
      addressKey: `${streetKey(street)}|${postalCode.slice(0, 5)}`,
      phone,
      phoneDigits: phone.replace(/\D/g, "").slice(-10),
      firstRow: index,
    });
  }
  return customers;
}

/** The street line as the CRM compares it: case, punctuation, spelled-out suffixes and directions, and any suite left out. */
function streetKey(street: string): string {
  return street
    .toLowerCase()
    .replace(/[.,]/g, "")
    .replace(/\s*(?:\b(?:suite|ste|unit|apt|bldg|building|floor|fl|room|rm)\b|#).*$/, "")
    .split(" ")
    .map((word) => ABBREVIATIONS.get(word) ?? word)
    .join(" ");
}

const ABBREVIATIONS = new Map(
  Object.entries({ ...SPELLED_OUT_STREET_SUFFIXES, ...SPELLED_OUT_STREET_DIRECTIONS }).map(([abbreviation, word]) => [word.toLowerCase(), abbreviation.toLowerCase()]),
);

/** First and last name, without titles, middle initials or nicknames: 'Dr. James "Jim" A. Smith' is 'james smith'. */
function personKey(name: string): string {
  const words = name.toLowerCase().replace(/"[^"]*"/g, "").replace(/^dr\. /, "").match(/[a-z']+/g) ?? [];
  return `${words[0]} ${words[words.length - 1]}`;
}

function domainOf(email: string): string {
  return email.slice(email.indexOf("@") + 1);
}

function isFreeMail(email: string): boolean {
  return FREE_MAIL_DOMAINS.includes(domainOf(email));
}

interface CustomerHistory {
  firstOrderDaysAgo: number;
  lastOrderDaysAgo: number;
}

/** Each customer's first and last order, counted in calendar days before the end date; the file's deliberately bad rows are left out as the import leaves them out. */
function customerHistories(csv: string, endDay: number): CustomerHistory[] {
  const histories = new Map<string, CustomerHistory>();
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  for (const row of rows) {
    const email = row["Customer Email"] ?? "";
    const orderDay = usDateDayNumber(row["Date - Order Date"] ?? "");
    if (!PLAIN_EMAIL.test(email) || orderDay === undefined) continue;
    const daysAgo = endDay - orderDay;
    const history = histories.get(email);
    if (history === undefined) histories.set(email, { firstOrderDaysAgo: daysAgo, lastOrderDaysAgo: daysAgo });
    else {
      history.firstOrderDaysAgo = Math.max(history.firstOrderDaysAgo, daysAgo);
      history.lastOrderDaysAgo = Math.min(history.lastOrderDaysAgo, daysAgo);
    }
  }
  return [...histories.values()];
}

const PLAIN_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MILLISECONDS_PER_DAY = 86_400_000;

function dayNumber(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / MILLISECONDS_PER_DAY;
}

/** The calendar day of ShipStation's "M/D/YYYY h:mm:ss AM", or undefined for a date that does not exist. */
function usDateDayNumber(text: string): number | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) /.exec(text);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.getTime() / MILLISECONDS_PER_DAY;
}
