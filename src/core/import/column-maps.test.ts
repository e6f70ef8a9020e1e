import { afterEach, beforeEach, expect, test } from "bun:test";
import { COMMAND_LINE } from "../changes/actor.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { headerSignature, rememberColumnMap, rememberedColumnMap } from "./column-maps.ts";

let database: ReturnType<typeof temporaryDatabase>;
beforeEach(() => {
  database = temporaryDatabase();
});
afterEach(() => database.dispose());

const HEADER = ["Order #", "Created Date", "Email", "Company"];
const MAP = { orderNumber: "Order #", orderDate: "Created Date", customerEmail: "Email", shipToCompany: "Company" };

test("a map is remembered for the same header, cell for cell, and not for another", () => {
  expect(rememberedColumnMap(database.db, HEADER)).toBeUndefined();
  rememberColumnMap(database.db, HEADER, MAP, COMMAND_LINE);
  expect(rememberedColumnMap(database.db, HEADER)).toEqual(MAP);
  expect(rememberedColumnMap(database.db, [" Order # ", "Created Date", "\uFEFFEmail", "Company"].map((header) => header))).toEqual(MAP);
  expect(rememberedColumnMap(database.db, [...HEADER, "Phone"])).toBeUndefined();
  expect(rememberedColumnMap(database.db, [HEADER[1]!, HEADER[0]!, ...HEADER.slice(2)])).toBeUndefined();
  expect(headerSignature(HEADER)).toMatch(/^[0-9a-f]{64}$/);
});

test("a changed map replaces the remembered one and is in the audit trail as a setting changed; the same map again adds nothing", () => {
  rememberColumnMap(database.db, HEADER, MAP, COMMAND_LINE);
  rememberColumnMap(database.db, HEADER, { ...MAP, shipToCompany: undefined, shipToName: "Company" }, COMMAND_LINE);
  rememberColumnMap(database.db, HEADER, { shipToName: "Company", customerEmail: "Email", orderDate: "Created Date", orderNumber: "Order #" }, COMMAND_LINE);
  expect(rememberedColumnMap(database.db, HEADER)).toEqual({ customerEmail: "Email", orderDate: "Created Date", orderNumber: "Order #", shipToName: "Company" });
  const entries = database.sqlite.query<{ changes: string }, []>("SELECT changes FROM audit_log WHERE entity = 'setting' ORDER BY id").all();
  expect(entries).toHaveLength(2);
  expect(JSON.parse(entries[1]!.changes)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ field: "importColumnMap.Company", old: "Company", new: null }),
      expect.objectContaining({ field: "importColumnMap.Customer name", old: null, new: "Company" }),
    ]),
  );
});
