import { describe, expect, test } from "bun:test";
import type { DuplicateCandidate, MergeableAccount } from "../../api/duplicates";
import type { TeamMember } from "../../api/team";
import {
  accountDetailsLine,
  buildMergeRequest,
  defaultPickedIds,
  fieldChoices,
  fieldWinners,
  listChoiceLabel,
  listedAccounts,
  matchLabel,
  mergedDescription,
  ownerChoiceLabel,
  survivorId,
  winningValue,
} from "./merge-plan";

const llc: MergeableAccount = {
  id: 1,
  name: "Riverside Recovery LLC",
  email: "office@riverside.org",
  domain: "riverside.org",
  phone: null,
  orderCount: 12,
  listType: "active",
  listPinned: false,
  ownerUserId: 7,
};
const inc: MergeableAccount = {
  id: 2,
  name: "Riverside Recovery, Inc.",
  email: "billing@riverside.org",
  domain: "riverside.org",
  phone: "(404) 555-0100",
  orderCount: 3,
  listType: "legacy",
  listPinned: true,
  ownerUserId: 8,
};
const blank: MergeableAccount = { id: 3, name: "Riverside", email: null, domain: "  ", phone: null, orderCount: 0, listType: "new", listPinned: false, ownerUserId: null };
const team: TeamMember[] = [
  { id: 7, name: "Sam Seller", email: "sam@example.com", role: "sales", active: true, lastActiveAt: null },
  { id: 8, name: "Ada Admin", email: "ada@example.com", role: "admin", active: false, lastActiveAt: null },
];

function candidate(account: MergeableAccount, score: number): DuplicateCandidate {
  return { account, score, reasons: [] };
}

describe("defaultPickedIds", () => {
  test("ticks the best candidate, or none when there is none", () => {
    expect(defaultPickedIds([candidate(inc, 100), candidate(blank, 80)])).toEqual([2]);
    expect(defaultPickedIds([])).toEqual([]);
  });

  test("the account the banner offered wins over the best candidate", () => {
    expect(defaultPickedIds([candidate(inc, 100), candidate(blank, 80)], 3)).toEqual([3]);
  });
});

describe("listedAccounts", () => {
  test("the account first, then candidates best first, then accounts added by search, each once", () => {
    expect(listedAccounts(llc, [candidate(inc, 90)], [blank, inc, llc]).map((account) => account.id)).toEqual([1, 2, 3]);
  });
});

describe("survivorId", () => {
  test("falls back to the dialog's account once the chosen one is no longer picked", () => {
    expect(survivorId([llc, inc], 2, 1)).toBe(2);
    expect(survivorId([llc], 2, 1)).toBe(1);
  });
});

describe("fieldChoices", () => {
  test("offers each non-empty value once, the survivor's first and leading the accounts that share it", () => {
    expect(fieldChoices([llc, inc, blank], "domain", 2)).toEqual([{ value: "riverside.org", accountIds: [2, 1] }]);
    expect(fieldChoices([llc, inc, blank], "email", 2)).toEqual([
      { value: "billing@riverside.org", accountIds: [2] },
      { value: "office@riverside.org", accountIds: [1] },
    ]);
  });

  test("offers nothing when no account has a value", () => {
    expect(fieldChoices([llc, blank], "phone", 1)).toEqual([]);
  });

  test("offers the automatic list once for every account the activity rules place, and each pinned list", () => {
    expect(fieldChoices([llc, inc, blank], "list", 1)).toEqual([
      { value: "automatic", accountIds: [1, 3] },
      { value: "legacy", accountIds: [2] },
    ]);
  });

  test("offers each owner by user id, leaving out the accounts without one", () => {
    expect(fieldChoices([blank, inc, llc], "owner", 3)).toEqual([
      { value: "8", accountIds: [2] },
      { value: "7", accountIds: [1] },
    ]);
  });
});

describe("fieldWinners", () => {
  test("by default each field keeps the survivor's value, else the first account's that has one", () => {
    expect(fieldWinners([llc, inc], 1, {})).toMatchObject({ name: 1, email: 1, domain: 1, phone: 2 });
    expect(fieldWinners([llc, inc], 2, {})).toMatchObject({ name: 2, email: 2, domain: 2, phone: 2 });
  });

  test("by default the list and owner are the account's with the most orders, whichever survives", () => {
    expect(fieldWinners([llc, inc], 1, {})).toMatchObject({ list: 1, owner: 1 });
    expect(fieldWinners([inc, llc], 2, {})).toMatchObject({ list: 1, owner: 1 });
  });

  test("on a tie in orders the survivor's list and owner are kept", () => {
    const tied = { ...inc, orderCount: llc.orderCount };
    expect(fieldWinners([llc, tied], 2, {})).toMatchObject({ list: 2, owner: 2 });
    expect(fieldWinners([llc, tied], 1, {})).toMatchObject({ list: 1, owner: 1 });
  });

  test("an owner the busiest account lacks is the survivor's, else the first account's that has one", () => {
    const busyWithoutOwner = { ...blank, orderCount: 40 };
    expect(fieldWinners([llc, inc, busyWithoutOwner], 2, {})).toMatchObject({ list: 3, owner: 2 });
    expect(fieldWinners([busyWithoutOwner, inc], 3, {})).toMatchObject({ owner: 2 });
  });

  test("a field nobody has a value for names the survivor", () => {
    expect(fieldWinners([llc, blank], 3, {}).phone).toBe(3);
    expect(fieldWinners([blank, { ...blank, id: 4, orderCount: 9 }], 3, {}).owner).toBe(3);
  });

  test("keeps a choice while its account is picked and has a value", () => {
    expect(fieldWinners([llc, inc], 1, { name: 2, email: 2, list: 2, owner: 2 })).toEqual({ name: 2, email: 2, domain: 1, phone: 2, list: 2, owner: 2 });
    expect(fieldWinners([llc, blank], 1, { name: 2, domain: 3, list: 2, owner: 3 })).toEqual({ name: 1, email: 1, domain: 1, phone: 1, list: 1, owner: 1 });
  });
});

describe("winningValue", () => {
  test("is the winner's value, blanks counting as none", () => {
    expect(winningValue([llc, inc], "email", 2)).toBe("billing@riverside.org");
    expect(winningValue([llc, blank], "domain", 3)).toBeNull();
  });
});

describe("buildMergeRequest", () => {
  test("merges every other picked account into the survivor, naming where each field comes from", () => {
    expect(buildMergeRequest([llc, inc, blank], 2, { name: 1 })).toEqual({
      targetId: 2,
      sourceIds: [1, 3],
      fields: { name: 1, email: 2, domain: 2, phone: 2, list: 1, owner: 1 },
    });
  });
});

describe("listChoiceLabel", () => {
  test("names the automatic choice, and a pinned list as the list selects do, its key while the lists load", () => {
    const lists = [{ key: "key-accounts", name: "Key Accounts", description: null, builtIn: false }];
    expect(listChoiceLabel("automatic", lists)).toBe("Automatic (by activity)");
    expect(listChoiceLabel("key-accounts", lists)).toBe("Key Accounts");
    expect(listChoiceLabel("legacy", undefined)).toBe("Legacy");
    expect(listChoiceLabel("key-accounts", undefined)).toBe("key-accounts");
  });
});

describe("ownerChoiceLabel", () => {
  test("names the team member, saying when they were deactivated", () => {
    expect(ownerChoiceLabel("7", team)).toBe("Sam Seller");
    expect(ownerChoiceLabel("8", team)).toBe("Ada Admin (deactivated)");
    expect(ownerChoiceLabel("7", undefined)).toBe("Loading team...");
    expect(ownerChoiceLabel("9", team)).toBe("Unknown team member");
  });
});

describe("mergedDescription", () => {
  test("names the removed accounts and the survivor", () => {
    expect(mergedDescription("Riverside Recovery LLC", ["Riverside Recovery Center"], "Riverside Recovery LLC")).toBe(
      "Riverside Recovery Center was merged into Riverside Recovery LLC.",
    );
    expect(mergedDescription("A", ["B", "C"], "A")).toBe("B and C were merged into A.");
    expect(mergedDescription("A", ["B", "C", "D"], "A")).toBe("B, C, and D were merged into A.");
  });

  test("says so when the survivor took another account's name, without doubling a name's full stop", () => {
    expect(mergedDescription("Riverside Recovery LLC", ["Riverside Recovery, Inc."], "Riverside Recovery, Inc.")).toBe(
      "Riverside Recovery, Inc. was merged into Riverside Recovery LLC, now named Riverside Recovery, Inc.",
    );
  });
});

describe("matchLabel", () => {
  test("is a whole percentage", () => {
    expect(matchLabel(85)).toBe("85% match");
    expect(matchLabel(92.6)).toBe("93% match");
  });
});

describe("accountDetailsLine", () => {
  test("joins the values that tell accounts apart, leaving blanks out", () => {
    expect(accountDetailsLine(inc)).toBe("billing@riverside.org · riverside.org · (404) 555-0100");
    expect(accountDetailsLine(blank)).toBe("");
  });
});
