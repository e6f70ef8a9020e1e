import { expect, test } from "bun:test";
import { Glob } from "bun";
import path from "node:path";

/**
 * The dashboard's floors, each importing only those below it:
 * - `api` talks to the server, shows nothing and knows no session (`session` signs in and out through it);
 *   `format` writes counts, money, dates and bands as people read them.
 * - `ui` holds the parts every screen shares, with no feature's knowledge: buttons, fields, dialogs, toasts,
 *   cards, pagers, 'Show more', the write hook, how a list or a duplicate is shown. It imports no part,
 *   feature or screen.
 * - `parts` holds what several features show of one record: `parts/accounts` is the account widgets (the
 *   table of accounts with its ticks, bulk bar and pager, the account form, the list select, the export
 *   link, the account list's view and page size), shown by the accounts screen, a list's tab and the
 *   account page; `parts/email` is an e-mail thread opened to be read, shown by the Emails tab, the timeline
 *   and Settings' unmatched e-mail. It imports `ui`, `api`, `format` and `session`, never a feature or screen.
 * - Each feature folder under `components` imports `parts`, `ui`, `api`, `format` and `session`, never
 *   another feature: where one feature shows another's component, the screen (or `App`, for the shell)
 *   hands it over as a prop.
 * - `screens` put features together.
 */
const WEB = import.meta.dir;
const RELATIVE_IMPORT = /(?:import|export)\s[^"]*?from\s*"(\.[^"]+)"/g;

test("api imports nothing that shows and no session, ui no part, feature or screen, parts no feature or screen, and no feature imports another", async () => {
  const apiUpward: string[] = [];
  const uiUpward: string[] = [];
  const partsUpward: string[] = [];
  const crossFeature: string[] = [];
  for await (const file of new Glob("**/*.{ts,tsx}").scan(WEB)) {
    if (file.includes(".test.")) continue;
    const source = await Bun.file(path.join(WEB, file)).text();
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      const target = path.relative(WEB, path.resolve(WEB, path.dirname(file), specifier!));
      const isAbove = (folders: string[]) => folders.some((folder) => target.startsWith(folder));
      if (file.startsWith("api/") && isAbove(["ui/", "parts/", "components/", "screens/", "session/"])) apiUpward.push(`${file} -> ${target}`);
      if (file.startsWith("ui/") && isAbove(["parts/", "components/", "screens/"])) uiUpward.push(`${file} -> ${target}`);
      if (file.startsWith("parts/") && isAbove(["components/", "screens/"])) partsUpward.push(`${file} -> ${target}`);
      const [from, to] = [featureOf(file), featureOf(target)];
      if (from !== undefined && to !== undefined && from !== to) crossFeature.push(`${file} -> ${target}`);
    }
  }
  expect(apiUpward).toEqual([]);
  expect(uiUpward).toEqual([]);
  expect(partsUpward).toEqual([]);
  expect(crossFeature).toEqual([]);
});

function featureOf(file: string): string | undefined {
  const [folder, feature, ...rest] = file.split("/");
  return folder === "components" && rest.length > 0 ? feature : undefined;
}
