import Table from "cli-table3";
import { formatCount } from "../contracts/counts.ts";

export type TableCell = string | number;

export interface CliTable {
  push(...rows: TableCell[][]): void;
  toString(): string;
}

/**
 * A table for terminal output; colours only when a person is watching, so piped output stays plain. The
 * headings are never coloured: cli-table3's red ones read as an error above a table of counts.
 * Numbers go in as numbers and come out through formatCount, so no command's table can print 1000000.
 */
export function createTable(head: string[]): CliTable {
  const colours = process.stdout.isTTY === true;
  const table = new Table({ head, style: { head: [], border: colours ? ["grey"] : [] } });
  return {
    push: (...rows) => table.push(...rows.map((row) => row.map((cell) => (typeof cell === "number" ? formatCount(cell) : cell)))),
    toString: () => table.toString(),
  };
}
