import { describe, expect, test } from "bun:test";
import { searchAccounts, searchAccountsCounted } from "./account-search.ts";
import { createAccount } from "./accounts.ts";
import { addContact } from "../contacts/contacts.ts";
import { SYSTEM } from "../changes/actor.ts";
import { daysAgo, seedCustomer } from "../../testing/seed.ts";
import { useDatabaseWithTeamOfTwo } from "../../testing/team.ts";
import { SEARCH_RESULT_LIMIT, SEARCH_TOTAL_CAP } from "../../contracts/search.ts";

describe("the order of accounts found by a search", () => {
  const team = useDatabaseWithTeamOfTwo();
  const db = () => team.database.db;
  const names = (text: string, userId?: number) => searchAccounts(db(), text, { userId }).map((hit) => hit.name);
  const addByHand = (name: string) => createAccount(db(), { name }, SYSTEM).id;
  const giveTo = (accountId: number, userId: number) => db().$client.run("UPDATE accounts SET owner_user_id = ? WHERE id = ?", [userId, accountId]);

  test("among many accounts starting with the text, the big customer buying now comes first, not the first by name", () => {
    for (let i = 1; i <= 30; i++) addByHand(`Pittsburgh Clinic ${String(i).padStart(2, "0")}`);
    seedCustomer(db(), { email: "small@pgh-screening.com", company: "Pittsburgh Screening", orders: [{ number: "SO-1", placedAt: daysAgo(3), total: 120 }] });
    seedCustomer(db(), {
      email: "lab@steel-city.com",
      company: "Pittsburgh Toxicology Partners",
      orders: [
        { number: "SO-2", placedAt: daysAgo(400), total: 41_000 },
        { number: "SO-3", placedAt: daysAgo(20), total: 42_000 },
      ],
    });
    // Bigger, but no order within the Active list's 180 days: a customer who has gone quiet.
    seedCustomer(db(), { email: "old@allegheny.com", company: "Pittsburgh Allegheny Labs", orders: [{ number: "SO-4", placedAt: daysAgo(500), total: 150_000 }] });

    const found = names("Pittsburgh");
    expect(found).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(found.slice(0, 3)).toEqual(["Pittsburgh Toxicology Partners", "Pittsburgh Screening", "Pittsburgh Allegheny Labs"]);
    // Accounts with no orders at all follow, by name.
    expect(found.slice(3)).toEqual(Array.from({ length: 7 }, (_, i) => `Pittsburgh Clinic 0${i + 1}`));
  });

  test("the account named exactly the text comes first, and what starts with it before what only contains it", () => {
    seedCustomer(db(), { email: "a@big.com", company: "Harbor Testing of Summit", orders: [{ number: "SO-1", placedAt: daysAgo(1), total: 90_000 }] });
    addByHand("Summit Labs");
    addByHand("Summit");
    expect(names("summit")).toEqual(["Summit", "Summit Labs", "Harbor Testing of Summit"]);
  });

  test("the searcher's own accounts come before equal matches, and another's search is ranked for them", () => {
    const first = addByHand("Foothills Recovery A");
    const second = addByHand("Foothills Recovery B");
    giveTo(second, team.bob);
    giveTo(first, team.ann);
    expect(names("foothills", team.bob)).toEqual(["Foothills Recovery B", "Foothills Recovery A"]);
    expect(names("foothills", team.ann)).toEqual(["Foothills Recovery A", "Foothills Recovery B"]);
    // Being one's own does not lift an account over a better match.
    giveTo(addByHand("Recovery at Foothills"), team.bob);
    expect(names("foothills", team.bob)).toEqual(["Foothills Recovery B", "Foothills Recovery A", "Recovery at Foothills"]);
  });

  test("inner matches are ranked by the same rule, past the first ten of them", () => {
    for (let i = 1; i <= 40; i++) addByHand(`Clinic ${String(i).padStart(2, "0")} of Erie`);
    seedCustomer(db(), { email: "buyer@zz-erie.com", company: "Zz Lake Erie Health", orders: [{ number: "SO-9", placedAt: daysAgo(2), total: 83_000 }] });
    expect(names("erie")[0]).toBe("Zz Lake Erie Health");
  });

  test("counts every match, its own or its contacts', up to the cap", () => {
    for (let i = 1; i <= 12; i++) addByHand(`Foothills Wellness ${i}`);
    addByHand("Recovery of the Foothills");
    addContact(db(), addByHand("Ridge Labs"), { firstName: "Dana", lastName: "Foothills", email: "dana@ridge.com" }, SYSTEM);
    expect(searchAccountsCounted(db(), "foothills")).toMatchObject({ total: 14, totalCapped: false });
    expect(searchAccountsCounted(db(), "foothills").accounts).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(searchAccountsCounted(db(), "nothing like it")).toEqual({ accounts: [], total: 0, totalCapped: false });
    expect(searchAccountsCounted(db(), "fo")).toEqual({ accounts: [], total: 0, totalCapped: false });
  });

  test("past the cap the total says there are more", () => {
    const insert = db().$client.prepare("INSERT INTO accounts (name, created_at, updated_at) VALUES (?, 0, 0)");
    db().$client.transaction(() => {
      for (let i = 0; i <= SEARCH_TOTAL_CAP; i++) insert.run(`Lakeside Clinic ${i}`);
    })();
    expect(searchAccountsCounted(db(), "lakeside")).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    db().$client.run("DELETE FROM accounts WHERE name = 'Lakeside Clinic 0'");
    expect(searchAccountsCounted(db(), "lakeside")).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: false });
  });
});
