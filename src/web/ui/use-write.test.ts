import { describe, expect, test } from "bun:test";
import type { ToastOptions } from "./toast/toast-types";
import { ApiError, type Failure } from "../api/client";
import { createWriteRunner } from "./use-write";

/** A runner whose effects are recorded in order, as the screen would see them. */
function recordedRunner() {
  const events: string[] = [];
  const toasts: ToastOptions[] = [];
  const state = { isPending: false, failure: null as Failure | null };
  const run = createWriteRunner({
    toast: (options) => {
      toasts.push(options);
      events.push(`toast: ${options.title}`);
    },
    setPending: (isPending) => {
      state.isPending = isPending;
      events.push(isPending ? "pending" : "settled");
    },
    setFailure: (failure) => {
      state.failure = failure;
    },
  });
  return { run, events, toasts, state };
}

/** A promise settled from outside, to hold a write or a refresh half-way. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** Lets every promise callback already queued run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a write that succeeds", () => {
  test("toasts, hands the answer over, then refreshes, in that order; it resolves with the answer", async () => {
    const { run, events } = recordedRunner();
    const outcome = await run(async () => ({ name: "Grace House" }), {
      success: (saved) => ({ title: `${saved.name} saved` }),
      onSuccess: (saved) => events.push(`onSuccess: ${saved.name}`),
      refresh: async () => void events.push("refresh"),
    });
    await settle();
    expect(outcome).toEqual({ ok: true, value: { name: "Grace House" } });
    expect(events).toEqual(["pending", "toast: Grace House saved", "onSuccess: Grace House", "refresh", "settled"]);
  });

  test("resolves before the refresh is done, and stays pending until it is", async () => {
    const { run, state } = recordedRunner();
    const refresh = deferred();
    const outcome = await run(async () => 1, { refresh: () => refresh.promise });
    expect(outcome.ok).toBe(true);
    expect(state.isPending).toBe(true);
    refresh.resolve();
    await settle();
    expect(state.isPending).toBe(false);
  });

  test("a refresh that fails still ends the pending state, with no error toast", async () => {
    const { run, state, toasts } = recordedRunner();
    await run(async () => 1, { refresh: () => Promise.reject(new TypeError("Failed to fetch")) });
    await settle();
    expect(state.isPending).toBe(false);
    expect(toasts).toEqual([]);
  });

  test("shows no toast when none is asked for", async () => {
    const { run, toasts } = recordedRunner();
    await run(async () => undefined, {});
    expect(toasts).toEqual([]);
  });
});

describe("a write that fails", () => {
  test("shows the server's refusal in an error toast and keeps the field at fault; nothing else runs", async () => {
    const { run, events, toasts, state } = recordedRunner();
    const outcome = await run(
      async () => {
        throw new ApiError(400, "email is not a valid e-mail address: ada", "email");
      },
      {
        success: { title: "Saved" },
        onSuccess: () => events.push("onSuccess"),
        refresh: async () => void events.push("refresh"),
        failureMessage: "Failed to add contact.",
      },
    );
    expect(outcome).toEqual({ ok: false });
    expect(toasts).toEqual([{ variant: "destructive", title: "Error", description: "Email is not a valid e-mail address: ada" }]);
    expect(state.failure).toEqual({ status: 400, message: "Email is not a valid e-mail address: ada", field: "email" });
    expect(state.isPending).toBe(false);
    expect(events).toEqual(["pending", "toast: Error", "settled"]);
  });

  test("names the field at fault by the form's label", async () => {
    const { run, toasts, state } = recordedRunner();
    await run(() => Promise.reject(new ApiError(400, "assigneeId must be an active member of the team", "assigneeId")), { fieldLabels: { assigneeId: "Assignee" } });
    expect(toasts).toEqual([{ variant: "destructive", title: "Error", description: "Assignee must be an active member of the team" }]);
    expect(state.failure).toEqual({ status: 400, message: "Assignee must be an active member of the team", field: "assigneeId" });
  });

  test("says what failed, in the caller's words, when the server could not help", async () => {
    const { run, toasts } = recordedRunner();
    await run(() => Promise.reject(new ApiError(500, "Something went wrong on the server")), {
      failureTitle: "Failed to delete list.",
      failureMessage: "The list could not be deleted.",
    });
    await run(() => Promise.reject(new TypeError("Failed to fetch")), {});
    expect(toasts).toEqual([
      { variant: "destructive", title: "Failed to delete list.", description: "The list could not be deleted." },
      { variant: "destructive", title: "Error", description: "The server could not be reached." },
    ]);
  });

  test("leaves the toast to a form that shows the failure itself", async () => {
    const { run, toasts, state } = recordedRunner();
    await run(() => Promise.reject(new ApiError(409, "A user with this e-mail already exists")), { showsFailureItself: true });
    expect(toasts).toEqual([]);
    expect(state.failure?.message).toBe("A user with this e-mail already exists");
  });

  test("the next run forgets the last failure", async () => {
    const { run, state } = recordedRunner();
    await run(() => Promise.reject(new ApiError(400, "name is required", "name")), {});
    const next = deferred<number>();
    const running = run(() => next.promise, {});
    expect(state.failure).toBeNull();
    next.resolve(1);
    await running;
  });
});

describe("writes that overlap", () => {
  test("stay pending until the last one and its refresh are done", async () => {
    const { run, state } = recordedRunner();
    const first = deferred<string>();
    const firstRefresh = deferred();
    const second = deferred<string>();
    const firstRun = run(() => first.promise, { refresh: () => firstRefresh.promise });
    const secondRun = run(() => second.promise, {});
    first.resolve("name");
    await firstRun;
    second.resolve("phone");
    expect(await secondRun).toEqual({ ok: true, value: "phone" });
    await settle();
    expect(state.isPending).toBe(true);
    firstRefresh.resolve();
    await settle();
    expect(state.isPending).toBe(false);
  });
});
