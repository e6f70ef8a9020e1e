import type { SQLQueryBindings } from "bun:sqlite";
import type { CrmDatabase } from "../database/open.ts";
import { csvChunks, type CsvCell } from "./csv-writer.ts";

/** Rows an export reads at a time: each batch is one short read (a few milliseconds) and about 150 KB of text. */
export const EXPORT_BATCH_SIZE = 1000;

/** An export under way: how many rows it holds, and its text, read from the database as it is taken. */
export interface CsvExport {
  rows: number;
  chunks: Generator<string>;
}

/**
 * How every export walks its rows: the ids of every match first, in the export's order, from one
 * statement (which sorts by whatever index SQLite picks for the filters, as a page of the table does),
 * then the rows of EXPORT_BATCH_SIZE ids at a time, each batch a read of its own. No read transaction
 * stays open while the file or the download is written, however slowly; keyset or OFFSET paging would
 * sort the matches again for every batch whenever the filters lead SQLite away from the sort's index.
 * Memory holds the id list (8 bytes a row) and one batch.
 */
export function csvExport<Row extends { id: number }>(
  columns: readonly string[],
  ids: readonly number[],
  readRows: (idsJson: string) => Row[],
  cells: (row: Row) => CsvCell[],
): CsvExport {
  return { rows: ids.length, chunks: csvChunks(columns, batchesOf(ids, readRows, cells)) };
}

function* batchesOf<Row extends { id: number }>(ids: readonly number[], readRows: (idsJson: string) => Row[], cells: (row: Row) => CsvCell[]): Generator<CsvCell[][]> {
  for (let start = 0; start < ids.length; start += EXPORT_BATCH_SIZE) {
    const batch = ids.slice(start, start + EXPORT_BATCH_SIZE);
    const byId = new Map(readRows(JSON.stringify(batch)).map((row) => [row.id, row]));
    // A row deleted since the ids were read is left out.
    yield batch.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined ? [] : [cells(row)];
    });
  }
}

/**
 * The ids a query selecting one `id` column returns, in its order. Read one row at a time through SQLite
 * itself: drizzle would build an object for each of them first, a million for the orders.
 */
export function idsInOrder(db: CrmDatabase, query: { toSQL(): { sql: string; params: unknown[] } }): number[] {
  const { sql, params } = query.toSQL();
  const ids: number[] = [];
  for (const row of db.$client.query<{ id: number }, SQLQueryBindings[]>(sql).iterate(...(params as SQLQueryBindings[]))) ids.push(row.id);
  return ids;
}
