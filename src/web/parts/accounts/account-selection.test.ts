import { describe, expect, test } from "bun:test";
import { MAX_SELECTED_ACCOUNTS } from "../../api/accounts";
import {
  accountTick,
  bulkSelectionOf,
  exportedAccountsOf,
  hasSelection,
  isTicked,
  mergePairOf,
  NO_ACCOUNTS_SELECTED,
  pageTick,
  pageTickState,
  selectedCount,
  selectionBanner,
  selectionScopeOf,
  selectionUnder,
  withAccountToggled,
  withPageToggled,
  type SelectedAccounts,
} from "./account-selection";

const PAGE_ONE = [1, 2, 3];
const PAGE_TWO = [4, 5, 6];

function ticked(...ids: number[]): SelectedAccounts {
  return { kind: "ticked", ids: new Set(ids) };
}

function idsOf(selected: SelectedAccounts): number[] {
  return selected.kind === "ticked" ? [...selected.ids].sort((a, b) => a - b) : [];
}

describe("ticking accounts one by one", () => {
  test("ticks and unticks a row, and keeps the ticks of other pages", () => {
    const first = withAccountToggled(NO_ACCOUNTS_SELECTED, 2, PAGE_ONE);
    expect(idsOf(first)).toEqual([2]);
    const onPageTwo = withAccountToggled(first, 5, PAGE_TWO);
    expect(idsOf(onPageTwo)).toEqual([2, 5]);
    expect(idsOf(withAccountToggled(onPageTwo, 2, PAGE_ONE))).toEqual([5]);
    expect(selectedCount(onPageTwo, 500)).toBe(2);
    expect(hasSelection(onPageTwo)).toBe(true);
    expect(hasSelection(NO_ACCOUNTS_SELECTED)).toBe(false);
  });

  test("the header box ticks the whole page, mixed while part of it is, and unticks it when all of it is", () => {
    expect(pageTickState(NO_ACCOUNTS_SELECTED, PAGE_ONE)).toBe("none");
    expect(pageTickState(ticked(1), PAGE_ONE)).toBe("some");
    const whole = withPageToggled(ticked(1, 5), PAGE_ONE);
    expect(idsOf(whole)).toEqual([1, 2, 3, 5]);
    expect(pageTickState(whole, PAGE_ONE)).toBe("all");
    expect(idsOf(withPageToggled(whole, PAGE_ONE))).toEqual([5]);
    expect(pageTickState(NO_ACCOUNTS_SELECTED, [])).toBe("none");
  });

  test(`stops at ${MAX_SELECTED_ACCOUNTS} accounts, past which the server takes only 'all matching'`, () => {
    const full = ticked(...Array.from({ length: MAX_SELECTED_ACCOUNTS }, (_, index) => index + 100));
    expect(withAccountToggled(full, 1, PAGE_ONE)).toBe(full);
    expect(withPageToggled(full, PAGE_ONE)).toBe(full);
    expect(idsOf(withAccountToggled(full, 100, PAGE_ONE))).toHaveLength(MAX_SELECTED_ACCOUNTS - 1);

    const tick = accountTick(full, 1, PAGE_ONE, () => undefined);
    expect(tick).toMatchObject({ checked: false, disabled: true });
    expect(tick.title).toContain("select all matching");
    // A ticked one can still be unticked.
    expect(accountTick(full, 100, PAGE_ONE, () => undefined)).toMatchObject({ checked: true, disabled: false, title: undefined });
    expect(pageTick(full, PAGE_ONE, () => undefined)).toMatchObject({ checked: false, disabled: true });
  });
});

describe("all matching", () => {
  const all: SelectedAccounts = { kind: "allMatching" };

  test("is offered once the whole page is ticked and more accounts match, and covers every one of them", () => {
    expect(selectionBanner(ticked(1, 2), PAGE_ONE, 1234)).toBeNull();
    expect(selectionBanner(ticked(1, 2, 3), PAGE_ONE, 1234)).toEqual({ kind: "offerAllMatching", onPage: 3, total: 1234 });
    // A page that holds every match has nothing more to offer.
    expect(selectionBanner(ticked(1, 2, 3), PAGE_ONE, 3)).toBeNull();
    expect(selectionBanner(all, PAGE_ONE, 1234)).toEqual({ kind: "allMatching", total: 1234 });
    expect(selectedCount(all, 1234)).toBe(1234);
    expect(isTicked(all, 999)).toBe(true);
    expect(pageTickState(all, PAGE_TWO)).toBe("all");
  });

  test("unticking one row leaves the rest of the page ticked; the header box clears it all", () => {
    expect(idsOf(withAccountToggled(all, 2, PAGE_ONE))).toEqual([1, 3]);
    expect(withPageToggled(all, PAGE_ONE)).toBe(NO_ACCOUNTS_SELECTED);
  });
});

describe("a selection belongs to its filters", () => {
  test("sort and page leave it be; other filters show it empty", () => {
    const scope = selectionScopeOf({ status: "active", list: "new" });
    const scoped = { scope, selected: ticked(1, 2) };
    expect(idsOf(selectionUnder(scoped, selectionScopeOf({ status: "active", list: "new" })))).toEqual([1, 2]);
    expect(selectionUnder(scoped, selectionScopeOf({ status: "dormant", list: "new" }))).toBe(NO_ACCOUNTS_SELECTED);
    expect(selectionUnder(scoped, selectionScopeOf({ status: "active", list: "new", from: "2026-01-01" }))).toBe(NO_ACCOUNTS_SELECTED);
  });

  test("filters nobody chose are no filter: the toggle off is the same scope as no toggle", () => {
    expect(selectionScopeOf({ showDuplicates: false, from: "", to: "" })).toBe(selectionScopeOf({}));
  });
});

describe("what the actions send", () => {
  test("the ticked ids, or the filters for all matching, as POST /api/accounts/bulk takes them", () => {
    expect(bulkSelectionOf(NO_ACCOUNTS_SELECTED, {})).toBeNull();
    expect(bulkSelectionOf(ticked(4, 2), { status: "active" })).toEqual({ ids: [4, 2] });
    expect(bulkSelectionOf({ kind: "allMatching" }, { list: "key-accounts", from: "2026-01-01", showDuplicates: false })).toEqual({
      allMatching: { list: "key-accounts", from: "2026-01-01" },
    });
  });

  test("'Export selected' downloads the ticked ids, or what the filters match", () => {
    expect(exportedAccountsOf(ticked(7, 3), { status: "active" })).toEqual({ ids: [7, 3] });
    expect(exportedAccountsOf({ kind: "allMatching" }, { status: "active" })).toEqual({ filters: { status: "active" } });
  });

  test("'Merge selected' takes exactly two ticked accounts, the pair the merge dialog opens with", () => {
    expect(mergePairOf(ticked(8, 3))).toEqual([8, 3]);
    expect(mergePairOf(ticked(8))).toBeNull();
    expect(mergePairOf(ticked(8, 3, 5))).toBeNull();
    expect(mergePairOf({ kind: "allMatching" })).toBeNull();
  });
});
