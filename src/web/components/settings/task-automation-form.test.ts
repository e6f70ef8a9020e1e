import { describe, expect, test } from "bun:test";
import type { TeamMember } from "../../api/team";
import type { TaskAutomationSettings } from "../../api/task-automation";
import { automationFormOf, automationSettingsOf, isAutomationChanged, welcomeAssigneeOptions } from "./task-automation-form";

const DEFAULTS: TaskAutomationSettings = {
  welcome: { enabled: true, dueInDays: 2, assignTo: "round_robin" },
  newContact: { enabled: true, dueInDays: 1, assignTo: "account_owner" },
};

function member(id: number, name: string, active = true): TeamMember {
  return { id, name, email: `${id}@example.com`, role: "sales", active, lastActiveAt: null };
}

describe("automationFormOf and automationSettingsOf", () => {
  test("round-trip the settings through the controls' strings", () => {
    const settings: TaskAutomationSettings = {
      welcome: { enabled: false, dueInDays: 14, assignTo: 7 },
      newContact: { enabled: true, dueInDays: 3, assignTo: "round_robin" },
    };
    const form = automationFormOf(settings);
    expect(form.welcome).toEqual({ enabled: false, dueInDays: "14", assignTo: "7" });
    expect(automationSettingsOf(form)).toEqual(settings);
  });

  test("send a chosen welcome assignee as the user's id, a number", () => {
    const form = automationFormOf(DEFAULTS);
    expect(automationSettingsOf({ ...form, welcome: { ...form.welcome, assignTo: "12" } }).welcome.assignTo).toBe(12);
  });
});

describe("isAutomationChanged", () => {
  test("is false for the saved settings and for the same days typed differently", () => {
    const form = automationFormOf(DEFAULTS);
    expect(isAutomationChanged(form, DEFAULTS)).toBe(false);
    expect(isAutomationChanged({ ...form, welcome: { ...form.welcome, dueInDays: "02" } }, DEFAULTS)).toBe(false);
  });

  test("is true when a switch, the days or an assignee changed", () => {
    const form = automationFormOf(DEFAULTS);
    expect(isAutomationChanged({ ...form, welcome: { ...form.welcome, enabled: false } }, DEFAULTS)).toBe(true);
    expect(isAutomationChanged({ ...form, newContact: { ...form.newContact, dueInDays: "5" } }, DEFAULTS)).toBe(true);
    expect(isAutomationChanged({ ...form, newContact: { ...form.newContact, assignTo: "round_robin" } }, DEFAULTS)).toBe(true);
  });
});

describe("welcomeAssigneeOptions", () => {
  test("offer round robin, then the active users in the team's order", () => {
    const team = [member(2, "Ann Admin"), member(5, "Old Timer", false), member(3, "Sam Seller")];
    expect(welcomeAssigneeOptions(team, "round_robin")).toEqual([
      { value: "round_robin", label: "Round robin" },
      { value: "2", label: "Ann Admin" },
      { value: "3", label: "Sam Seller" },
    ]);
  });

  test("keep a deactivated user who is still the saved choice, marked as such", () => {
    const options = welcomeAssigneeOptions([member(2, "Ann Admin"), member(5, "Old Timer", false)], "5");
    expect(options.at(-1)).toEqual({ value: "5", label: "Old Timer (deactivated)" });
  });

  test("name a saved choice missing from the team rather than show another one", () => {
    expect(welcomeAssigneeOptions([], "9")).toEqual([
      { value: "round_robin", label: "Round robin" },
      { value: "9", label: "Unknown user" },
    ]);
  });
});
