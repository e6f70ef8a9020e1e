/**
 * A staff member's process adding notes, for tests of what a backup holds while others write: opens the
 * data directory's database as every process does, adds notes to an account of its own one at a time, and
 * prints each note's text on its own line once its transaction has committed, until it is killed. It says
 * it has the database open, as commands do, so that an import beside it keeps its batches short.
 * Usage: bun src/testing/note-writer.ts DATA_DIR WRITER_NAME
 */
import { createAccount } from "../core/accounts/accounts.ts";
import { COMMAND_LINE } from "../core/changes/actor.ts";
import { isDatabaseBusy } from "../core/database/busy.ts";
import { registerOpener } from "../core/database/openers.ts";
import { createNote } from "../core/notes/notes.ts";
import { openCrmDatabase } from "../core/startup/open-crm-database.ts";

const [dataDir, writer] = process.argv.slice(2) as [string, string];
const { db, file } = openCrmDatabase(dataDir);
registerOpener(file, "command");
const accountId = (await whenFree(() => createAccount(db, { name: `Account of ${writer}` }, COMMAND_LINE))).id;
for (let note = 1; ; note++) {
  const content = `${writer} note ${note}`;
  await whenFree(() => createNote(db, accountId, { content }, COMMAND_LINE));
  process.stdout.write(`${content}\n`);
  // Lets the line out, and the other writers in.
  await Bun.sleep(1);
}

/**
 * Runs the write again while another process's write refuses it. A transaction that read first and then
 * finds another writer has committed since is refused at once, without SQLite's busy wait (which could
 * deadlock); refused, it wrote nothing.
 */
async function whenFree<T>(write: () => T): Promise<T> {
  for (;;) {
    try {
      return write();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      await Bun.sleep(1);
    }
  }
}
