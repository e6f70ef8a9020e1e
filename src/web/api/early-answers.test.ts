import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { askEarly, earlyAnswersCome, forgetEarlyAnswers, takeEarlyAnswer, untakenEarlyAnswers } from "./early-answers";

/** A server counting what it is asked for, each answer saying how many times its path was asked. */
const asked = new Map<string, number>();
const server = Bun.serve({
  port: 0,
  fetch(request) {
    const path = new URL(request.url).pathname;
    asked.set(path, (asked.get(path) ?? 0) + 1);
    return Response.json({ path, times: asked.get(path) });
  },
});
afterAll(() => server.stop(true));
const url = (path: string) => `${server.url.origin}${path}`;

describe("early answers", () => {
  beforeEach(() => {
    asked.clear();
    forgetEarlyAnswers();
  });

  test("an early read's answer is taken over once, and read by both the asker and the taker", async () => {
    const early = await askEarly(url("/api/lists"));
    expect(await early!.json()).toEqual({ path: "/api/lists", times: 1 });
    const taken = takeEarlyAnswer(url("/api/lists"));
    expect(await (await taken!).json()).toEqual({ path: "/api/lists", times: 1 });
    expect(takeEarlyAnswer(url("/api/lists"))).toBeUndefined();
    expect(asked.get("/api/lists")).toBe(1);
  });

  test("a URL the dashboard asked for itself first is not asked for again", async () => {
    expect(takeEarlyAnswer(url("/api/team"))).toBeUndefined();
    expect(await askEarly(url("/api/team"))).toBeNull();
    expect(asked.get("/api/team")).toBeUndefined();
  });

  test("answers nobody took are dropped when the session ends", async () => {
    await askEarly(url("/api/accounts"));
    forgetEarlyAnswers();
    expect(takeEarlyAnswer(url("/api/accounts"))).toBeUndefined();
  });

  test("the answers that have come and are not taken yet are offered for the first render, and stay to be taken", async () => {
    void askEarly(url("/api/settings"));
    void askEarly(url("/api/tasks"));
    void askEarly("http://127.0.0.1:9/api/config");
    await earlyAnswersCome();
    await takeEarlyAnswer(url("/api/tasks"));

    const untaken = untakenEarlyAnswers();
    expect(untaken.map(([asked]) => asked)).toEqual([url("/api/settings")]);
    expect(await untaken[0]![1].json()).toEqual({ path: "/api/settings", times: 1 });
    expect(await (await takeEarlyAnswer(url("/api/settings"))!).json()).toEqual({ path: "/api/settings", times: 1 });
    expect(asked.get("/api/settings")).toBe(1);
  });

  test("the answers named are dropped, the others kept", async () => {
    await askEarly(url("/api/backups"));
    await askEarly(url("/api/audit"));
    forgetEarlyAnswers([url("/api/backups")]);
    expect(takeEarlyAnswer(url("/api/backups"))).toBeUndefined();
    expect(takeEarlyAnswer(url("/api/audit"))).toBeDefined();
  });

  test("a read that gets no answer resolves to null for the asker, and fails for the taker", async () => {
    const nowhere = "http://127.0.0.1:9/api/config";
    expect(await askEarly(nowhere)).toBeNull();
    await expect(takeEarlyAnswer(nowhere)!).rejects.toThrow();
  });
});
