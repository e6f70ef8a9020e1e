import type { Database } from "bun:sqlite";

/**
 * A large load into some tables, inside the load's transaction: their non-unique indexes are dropped and
 * built again at its end. Building an index sorts its rows once, where keeping it up to date costs a
 * random page visit per inserted row; and a rollback brings the dropped indexes back like everything
 * else. Unique indexes stay: they keep the data right and answer the load's own lookups. Each index
 * comes back from its own CREATE statement in sqlite_master, so no definition is repeated here.
 */
export class BulkLoad {
  private constructor(
    private readonly sqlite: Database,
    private readonly droppedIndexes: Map<string, string[]>,
  ) {}

  /** `lookupIndexes`: indexes the load looks its rows up by, kept like the unique ones. */
  static start(sqlite: Database, tables: readonly string[], lookupIndexes: readonly string[] = []): BulkLoad {
    const list = sqlite.query<{ name: string; sql: string }, [string]>(
      `SELECT il.name, m.sql FROM pragma_index_list(?1) il JOIN sqlite_master m ON m.type = 'index' AND m.name = il.name
       WHERE il."unique" = 0 AND il.origin = 'c'`,
    );
    const droppedIndexes = new Map<string, string[]>();
    for (const table of tables) {
      const indexes = list.all(table).filter(({ name }) => !lookupIndexes.includes(name));
      for (const { name } of indexes) sqlite.run(`DROP INDEX "${name.replaceAll('"', '""')}"`);
      droppedIndexes.set(table, indexes.map((index) => index.sql));
    }
    return new BulkLoad(sqlite, droppedIndexes);
  }

  /** Builds the indexes of `tables` again (of every table by default); each table's only once. */
  rebuildIndexes(tables: readonly string[] = [...this.droppedIndexes.keys()]): void {
    for (const table of tables) {
      for (const sql of this.droppedIndexes.get(table) ?? []) this.sqlite.run(sql);
      this.droppedIndexes.delete(table);
    }
  }
}
