import type { Database } from "bun:sqlite";

/**
 * The non-unique indexes of some tables, dropped for a large load and built again at its end, inside the
 * load's transaction. Building an index sorts its rows once, where keeping it up to date costs a random
 * page visit per inserted row; and a rollback brings the dropped indexes back like everything else.
 * Unique indexes stay: they keep the data right and answer the load's own lookups. Each index comes
 * back from its own CREATE statement in sqlite_master, so no definition is repeated here.
 */
export class DeferredIndexes {
  private constructor(
    private readonly sqlite: Database,
    private readonly dropped: Map<string, { name: string; sql: string }[]>,
  ) {}

  static drop(sqlite: Database, tables: readonly string[]): DeferredIndexes {
    const list = sqlite.query<{ name: string; sql: string }, [string]>(
      `SELECT il.name, m.sql FROM pragma_index_list(?1) il JOIN sqlite_master m ON m.type = 'index' AND m.name = il.name
       WHERE il."unique" = 0 AND il.origin = 'c'`,
    );
    const dropped = new Map<string, { name: string; sql: string }[]>();
    for (const table of tables) {
      const indexes = list.all(table);
      for (const { name } of indexes) sqlite.run(`DROP INDEX "${name.replaceAll('"', '""')}"`);
      dropped.set(table, indexes);
    }
    return new DeferredIndexes(sqlite, dropped);
  }

  /** Builds the indexes of `tables` again (of every table by default); each table's only once. */
  restore(tables: readonly string[] = [...this.dropped.keys()]): void {
    for (const table of tables) {
      for (const { sql } of this.dropped.get(table) ?? []) this.sqlite.run(sql);
      this.dropped.delete(table);
    }
  }
}
