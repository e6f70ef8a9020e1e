import { expect, test } from "bun:test";
import { describeActor, describeFieldChange, wordsOf } from "./audit-words";

test("a field change reads old → new, an empty side as a dash", () => {
  expect(describeFieldChange({ field: "phone", old: "412-690-4025", new: "(412) 690-4025" })).toBe("phone: 412-690-4025 → (412) 690-4025");
  expect(describeFieldChange({ field: "phone", old: "+14126904025", new: "+14126904026;ext=3" })).toBe("phone: (412) 690-4025 → (412) 690-4026 x3");
  expect(describeFieldChange({ field: "owner", old: null, new: "Bob" })).toBe("owner: — → Bob");
  expect(describeFieldChange({ field: "pinned", old: false, new: true })).toBe("pinned: no → yes");
});

test("who: a name, with how the change came unless it was in the dashboard", () => {
  expect(describeActor({ actorName: "Ann", actorSource: "user" })).toBe("Ann");
  expect(describeActor({ actorName: "Ann", actorSource: "import" })).toBe("Ann (Imports)");
  expect(describeActor({ actorName: "Command line", actorSource: "command_line" })).toBe("Command line");
  expect(wordsOf("sign_in_failed")).toBe("Sign in failed");
});
