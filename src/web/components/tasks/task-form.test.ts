import { describe, expect, test } from "bun:test";
import { initialTaskFormValues, isCompleteTaskForm, newTaskOf } from "./task-form";

describe("initialTaskFormValues", () => {
  test("assigns the task to the given user, due tomorrow, with the account given", () => {
    expect(initialTaskFormValues("2026-11-30", 4, { id: 9, name: "Grace House" })).toEqual({
      title: "",
      account: { id: 9, name: "Grace House" },
      assigneeId: "4",
      dueDate: "2026-12-01",
      notes: "",
    });
  });
});

describe("isCompleteTaskForm", () => {
  const complete = { ...initialTaskFormValues("2026-11-21", 1, null), title: "Call back" };

  test("needs a title, an assignee and a due date, but no account", () => {
    expect(isCompleteTaskForm(complete)).toBe(true);
    expect(isCompleteTaskForm({ ...complete, title: "   " })).toBe(false);
    expect(isCompleteTaskForm({ ...complete, assigneeId: "" })).toBe(false);
    expect(isCompleteTaskForm({ ...complete, dueDate: "" })).toBe(false);
  });
});

describe("newTaskOf", () => {
  test("trims, and sends blank notes and no account as null", () => {
    expect(newTaskOf({ title: "  Call back ", account: null, assigneeId: "2", dueDate: "2026-11-22", notes: "  " })).toEqual({
      title: "Call back",
      notes: null,
      accountId: null,
      assigneeId: 2,
      dueDate: "2026-11-22",
    });
  });

  test("sends the chosen account's id", () => {
    expect(newTaskOf({ title: "Call", account: { id: 7, name: "Grace House" }, assigneeId: "1", dueDate: "2026-11-22", notes: "Ask about kits" })).toMatchObject({
      accountId: 7,
      notes: "Ask about kits",
    });
  });
});
