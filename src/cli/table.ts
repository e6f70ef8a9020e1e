import Table from "cli-table3";

/** A table for terminal output; colours only when a person is watching, so piped output stays plain. */
export function createTable(head: string[]): Table.Table {
  const colours = process.stdout.isTTY === true;
  return new Table({ head, style: colours ? {} : { head: [], border: [] } });
}
