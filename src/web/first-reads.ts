import { accountListUrl } from "./api/accounts";
import { AUDIT_PAGE_SIZE, AUDIT_RETENTION_PATH, auditTrailUrl } from "./api/audit";
import { BACKFILL_PATH } from "./api/backfill";
import { BACKUP_SCHEDULE_PATH, BACKUPS_PATH } from "./api/backups";
import { BACKUP_COPIES_PATH } from "./api/backup-copies";
import { CUSTOMER_LIFECYCLE_PATH } from "./api/customer-lifecycle";
import { DUPLICATE_SUMMARY_URL } from "./api/duplicates";
import { askEarly } from "./api/early-answers";
import { SESSION_USER_KEY } from "./api/auth";
import { APP_CONFIG_KEY } from "./api/app-config";
import { preload, type Cache } from "swr";
import { fetchAsKept, keyToUrl } from "./api/client";
import { BUILT_IN_LIST_KEYS, listSummariesUrl, type ListSummary } from "./api/lists";
import { RECYCLE_BIN_PAGE_SIZE, recycleBinPageUrl } from "./api/recycle-bin";
import { SETTINGS_PATH } from "./api/settings";
import { MAILBOXES_PATH } from "./api/mailboxes";
import { UNMATCHED_EMAIL_PAGE_SIZE, unmatchedEmailThreadsUrl } from "./api/unmatched-emails";
import { TASK_AUTOMATION_PATH } from "./api/task-automation";
import { firstTaskPageUrl, tasksNeedingAttentionQuery } from "./api/tasks";
import { TEAM_PATH } from "./api/team";
import { UNMATCHED_ORDER_COUNT_URL } from "./api/unmatched-orders";
import { accountScreenReads } from "./components/account-detail/account-screen-reads";
import { parseAccountId } from "./components/account-detail/account-route";
import { analyticsScreenReads } from "./components/analytics/analytics-reads";
import { firstOrderFilterOf, listsViewFromSearch, shownListOf, tabFiltersOf } from "./components/lists/lists-view";
import { boardQueryOf, filtersFromSearch } from "./components/tasks/task-filters";
import { DUE_COLUMNS, columnQueryOf } from "./components/tasks/task-board";
import { businessToday, type CalendarDate } from "./format/dates";
import { defaultOwnerFor, filtersOf, listQueryOf, viewFromSearch } from "./parts/accounts/account-list-view";
import { storedPageSize } from "./parts/accounts/page-size";
import { pathMatches } from "../contracts/dashboard-paths.ts";
import { isAdmin, type SessionUser } from "./session/session-user";

/**
 * What the page asks for as the dashboard's script starts, before React renders: the signed-in user, then
 * what the shell and the opened screen show first. Each URL is the one the screen's own
 * read will ask for (the same URL functions build both), so that the read takes the answer over
 * (api/early-answers.ts); e2e/first-reads.test.ts holds that no read is asked for twice or after the first
 * render. A read that depends on another answer (the accounts of a custom list named in the URL, on the
 * lists) waits for it here, as the screen would.
 */
export async function askFirstReads(location: Pick<Location, "pathname" | "search">): Promise<void> {
  void askEarly(keyToUrl(APP_CONFIG_KEY));
  // Read here for what it decides, and taken over by the session as well (main.tsx).
  const user = await askEarly(keyToUrl(SESSION_USER_KEY)).then((answer) => (answer?.ok ? (answer.json() as Promise<SessionUser>) : null));
  // Signed out, or held at 'Choose your password': the server refuses them everything else.
  if (user === null || user.mustChangePassword) return;
  const today = businessToday();
  void askEarly(firstTaskPageUrl(tasksNeedingAttentionQuery(user.id, today)));
  void askEarly(UNMATCHED_ORDER_COUNT_URL);
  const early: Reads = {
    ask: (url) => void askEarly(url),
    read: (url) => askEarly(url).then((answer) => (answer?.ok ? answer.json() : null)),
  };
  await askScreenReads(location, user, today, early);
}

/**
 * As a screen is opened in the dashboard, the reads it shows first that SWR's cache does not have are asked
 * for before it renders (SWR's preload, which its reads take over), rather than by each part as it mounts,
 * one render later, or once another answer has come.
 */
export function askScreenReadsAhead(location: Pick<Location, "pathname" | "search">, user: SessionUser, cache: Cache): void {
  const ahead: Reads = {
    ask: (url) => {
      if (cache.get(url)?.data === undefined) void preload(url, fetchAsKept).catch(() => undefined);
    },
    // A cached answer is given at once, so that the reads it decides are asked for before the screen renders
    // and asks for them itself.
    read: (url) => cache.get(url)?.data ?? preload(url, fetchAsKept).catch(() => null),
  };
  askScreenReads(location, user, businessToday(), ahead).catch(() => undefined);
}

/** How reads are asked for: `ask` for those the screen alone reads, `read` for those whose answer decides another read. */
interface Reads {
  ask(url: string): void;
  /** The answer (null when none came), or its promise when it has not come yet. */
  read(url: string): unknown;
}

async function askScreenReads(location: Pick<Location, "pathname" | "search">, user: SessionUser, today: CalendarDate, reads: Reads): Promise<void> {
  const search = new URLSearchParams(location.search);
  const screen = SCREEN_FIRST_READS.find((candidate) => candidate.paths.some((path) => pathMatches(path, location.pathname)));
  await screen?.ask({ pathname: location.pathname, search, user, today }, reads);
}

interface OpenedScreen {
  pathname: string;
  search: URLSearchParams;
  user: SessionUser;
  today: CalendarDate;
}

const SCREEN_FIRST_READS: { paths: string[]; ask(opened: OpenedScreen, reads: Reads): Promise<void> | void }[] = [
  {
    paths: ["/", "/accounts"],
    ask({ search, user }, reads) {
      const view = viewFromSearch(search, defaultOwnerFor(user));
      askAll(reads, [accountListUrl(listQueryOf(filtersOf(view), view, storedPageSize(localStorage, user.id))), TEAM_PATH, listSummariesUrl({}), DUPLICATE_SUMMARY_URL]);
    },
  },
  {
    paths: ["/accounts/:id"],
    ask({ pathname }, reads) {
      const accountId = parseAccountId(pathname.split("/")[2] ?? "");
      // Beside the account's own reads, the lists and the team its list and owner selects offer.
      if (accountId !== null) askAll(reads, [...accountScreenReads(accountId), listSummariesUrl({}), TEAM_PATH]);
    },
  },
  {
    paths: ["/lists"],
    async ask({ search, user }, reads) {
      const view = listsViewFromSearch(search);
      const firstOrderWindow = firstOrderFilterOf(view).window;
      reads.ask(TEAM_PATH);
      const askListAccounts = (listKey: string) =>
        reads.ask(accountListUrl(listQueryOf(tabFiltersOf(listKey, firstOrderWindow, view), view, storedPageSize(localStorage, user.id))));
      // The built-in lists always come first, New first: the tab shown is known without the lists' answer,
      // but for a custom list named in the URL, which may be gone (New shows then).
      if (view.list === undefined || (BUILT_IN_LIST_KEYS as readonly string[]).includes(view.list)) {
        reads.ask(listSummariesUrl(firstOrderWindow));
        askListAccounts(view.list ?? BUILT_IN_LIST_KEYS[0]);
        return;
      }
      const askShownListAccounts = (lists: ListSummary[] | null) => {
        const list = lists && shownListOf(lists, view.list);
        if (list) askListAccounts(list.key);
      };
      const lists = reads.read(listSummariesUrl(firstOrderWindow));
      if (lists instanceof Promise) askShownListAccounts((await lists) as ListSummary[] | null);
      else askShownListAccounts(lists as ListSummary[] | null);
    },
  },
  {
    paths: ["/tasks"],
    ask({ search, user, today }, reads) {
      const query = boardQueryOf(filtersFromSearch(search), user.id);
      askAll(reads, [TEAM_PATH, ...(query === null ? [] : DUE_COLUMNS.map((column) => firstTaskPageUrl(columnQueryOf(query, column.key, today))))]);
    },
  },
  {
    paths: ["/analytics"],
    ask({ search, today }, reads) {
      askAll(reads, analyticsScreenReads(search, today));
    },
  },
  {
    paths: ["/settings"],
    ask({ user }, reads) {
      const everyones = [SETTINGS_PATH, unmatchedEmailThreadsUrl(UNMATCHED_EMAIL_PAGE_SIZE, 0), CUSTOMER_LIFECYCLE_PATH, TASK_AUTOMATION_PATH, TEAM_PATH, recycleBinPageUrl(RECYCLE_BIN_PAGE_SIZE, 0)];
      askAll(reads, isAdmin(user) ? [...everyones, BACKFILL_PATH, MAILBOXES_PATH, BACKUPS_PATH, BACKUP_SCHEDULE_PATH, BACKUP_COPIES_PATH, AUDIT_RETENTION_PATH] : everyones);
    },
  },
  {
    paths: ["/audit"],
    ask({ user }, reads) {
      if (isAdmin(user)) askAll(reads, [auditTrailUrl({}, AUDIT_PAGE_SIZE, 0), TEAM_PATH]);
    },
  },
];

function askAll(reads: Reads, urls: readonly string[]): void {
  for (const url of urls) reads.ask(url);
}
