import { expect, test } from "bun:test";
import { Glob } from "bun";
import path from "node:path";

/**
 * The dashboard's floors: `api` talks to the server, shows nothing and knows no session (`session` signs in
 * and out through it); `ui` holds the parts every screen
 * shares (buttons, fields, dialogs, toasts, cards, pagers, 'Show more', the write hook) and imports no feature; each
 * feature folder under `components` imports `ui`, `api`, `format` and `session`, never another feature;
 * `screens` (and `App`, for the shell) put features together, handing one feature's component to another as a prop.
 */
const WEB = import.meta.dir;
const RELATIVE_IMPORT = /(?:import|export)\s[^"]*?from\s*"(\.[^"]+)"/g;

/**
 * Imports from one feature into another still standing: parts one feature built that others came to use.
 * Each goes to `ui`, or to the screen that puts the two together (#30); none may be added.
 */
const CROSS_FEATURE_IMPORTS_LEFT = [
  "account-detail/AccountInfoCard.tsx -> accounts/AccountFormModal.tsx",
  "account-detail/AccountInfoCard.tsx -> accounts/ListTypeSelect.tsx",
  "accounts/AccountFilters.tsx -> duplicates/DuplicatesToggle.tsx",
  "accounts/SelectableAccounts.tsx -> duplicates/MergeAccountDialog.tsx",
  "lists/ListAccountsPanel.tsx -> accounts/AccountFormModal.tsx",
  "lists/ListAccountsPanel.tsx -> accounts/ExportAccountsLink.tsx",
  "lists/ListAccountsPanel.tsx -> accounts/SelectableAccounts.tsx",
  "lists/ListAccountsPanel.tsx -> accounts/account-list-view.ts",
  "lists/ListAccountsPanel.tsx -> accounts/useAccountPageSize.ts",
  "lists/lists-view.ts -> accounts/account-list-view.ts",
];

test("api imports nothing that shows and no session, ui no feature or screen, and no feature imports another", async () => {
  const apiUpward: string[] = [];
  const uiUpward: string[] = [];
  const crossFeature: string[] = [];
  for await (const file of new Glob("**/*.{ts,tsx}").scan(WEB)) {
    if (file.includes(".test.")) continue;
    const source = await Bun.file(path.join(WEB, file)).text();
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      const target = path.relative(WEB, path.resolve(WEB, path.dirname(file), specifier!));
      const above = ["ui/", "components/", "screens/", "session/"].some((folder) => target.startsWith(folder));
      if (file.startsWith("api/") && above) apiUpward.push(`${file} -> ${target}`);
      if (file.startsWith("ui/") && (target.startsWith("components/") || target.startsWith("screens/"))) uiUpward.push(`${file} -> ${target}`);
      const [from, to] = [featureOf(file), featureOf(target)];
      if (from !== undefined && to !== undefined && from !== to) crossFeature.push(`${path.relative("components", file)} -> ${withExtension(path.relative("components", target))}`);
    }
  }
  expect(apiUpward).toEqual([]);
  expect(uiUpward).toEqual([]);
  expect(crossFeature.sort()).toEqual([...CROSS_FEATURE_IMPORTS_LEFT].sort());
});

function featureOf(file: string): string | undefined {
  const [folder, feature, ...rest] = file.split("/");
  return folder === "components" && rest.length > 0 ? feature : undefined;
}

/** Imports in the dashboard leave the extension out. */
function withExtension(target: string): string {
  return path.extname(target) === "" ? `${target}${Bun.file(path.join(WEB, "components", `${target}.tsx`)).size > 0 ? ".tsx" : ".ts"}` : target;
}
