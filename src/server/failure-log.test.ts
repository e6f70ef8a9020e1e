import { afterEach, beforeEach, expect, spyOn, test, type Mock } from "bun:test";
import { logFailure } from "./failure-log.ts";

let printed: Mock<typeof console.error>;
beforeEach(() => {
  printed = spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => printed.mockRestore());

test("a failure is logged as when, what and the error's stack, as text", () => {
  const error = new Error("file is not a database");
  logFailure("webhook worker", error);
  expect(printed).toHaveBeenCalledTimes(1);
  const [line, ...rest] = printed.mock.calls[0]!;
  expect(rest).toEqual([]);
  expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z webhook worker: Error: file is not a database\n {4}at /);
});

test("something thrown that is not an error is logged as it reads", () => {
  logFailure("daily backup", "disk gone");
  expect(printed.mock.calls[0]![0]).toMatch(/Z daily backup: disk gone$/);
});
