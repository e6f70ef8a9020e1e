import type { Database } from "bun:sqlite";
import { matchProfile, type MatchProfile } from "./match-rules.ts";

/** The match profiles of these accounts, by id; accounts that no longer exist are missing. */
export function loadProfiles(sqlite: Database, accountIds: Iterable<number>): Map<number, MatchProfile> {
  const rows = sqlite
    .query<AccountRow, [string]>("SELECT id, name, domain, phone FROM accounts WHERE id IN (SELECT value FROM json_each(?))")
    .all(JSON.stringify([...accountIds]));
  return new Map(rows.map((row) => [row.id, matchProfile(row)]));
}

/** Every account's match profile, by id, for a full run. */
export function loadAllProfiles(sqlite: Database): Map<number, MatchProfile> {
  return new Map(sqlite.query<AccountRow, []>("SELECT id, name, domain, phone FROM accounts").all().map((row) => [row.id, matchProfile(row)]));
}

interface AccountRow {
  id: number;
  name: string;
  domain: string | null;
  phone: string | null;
}
