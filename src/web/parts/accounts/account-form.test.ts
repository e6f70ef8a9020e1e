import { describe, expect, test } from "bun:test";
import type { Account } from "../../api/accounts";
import { changedAccountFields, formValuesOf, newAccountFields } from "./account-form";

const ACCOUNT: Account = {
  id: 7,
  name: "Grace House",
  email: "office@gracehouse.org",
  domain: "gracehouse.org",
  phone: null,
  createdAt: "2026-01-02T10:00:00.000Z",
  listType: "new",
  listPinned: false,
  isNew: false,
  orderCount: 2,
  totalOrderValue: 120.5,
  lastOrderDate: null,
  firstOrderDate: null,
  primaryContact: null,
  ownerUserId: 3,
  hasDuplicate: false,
};

describe("newAccountFields", () => {
  test("trims, and leaves blank optional fields out", () => {
    expect(newAccountFields({ name: "  Acme Labs ", email: " ops@acme.com ", domain: "", phone: "  ", ownerUserId: "" })).toEqual({
      name: "Acme Labs",
      email: "ops@acme.com",
    });
  });
});

describe("changedAccountFields", () => {
  test("an untouched form changes nothing", () => {
    expect(changedAccountFields(ACCOUNT, formValuesOf(ACCOUNT))).toEqual({});
  });

  test("sends changed fields only, and null for a cleared one", () => {
    const values = { ...formValuesOf(ACCOUNT), name: "Grace House Recovery ", domain: " ", phone: "901-555-0180" };
    expect(changedAccountFields(ACCOUNT, values)).toEqual({ name: "Grace House Recovery", domain: null, phone: "901-555-0180" });
  });
});

describe("the owner", () => {
  test("is sent only when changed, as a user id or null for none", () => {
    expect(changedAccountFields(ACCOUNT, { ...formValuesOf(ACCOUNT), ownerUserId: "3" })).toEqual({});
    expect(changedAccountFields(ACCOUNT, { ...formValuesOf(ACCOUNT), ownerUserId: "7" })).toEqual({ ownerUserId: 7 });
    expect(changedAccountFields(ACCOUNT, { ...formValuesOf(ACCOUNT), ownerUserId: "" })).toEqual({ ownerUserId: null });
  });
});
