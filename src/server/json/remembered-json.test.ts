import { expect, test } from "bun:test";
import { rememberedJson } from "./remembered-json.ts";

test("an answer is shaped and serialized once, however often it is sent, and sent as JSON", () => {
  const answer = { accounts: [{ id: 1, name: "Riverside Lab" }] };
  let shaped = 0;
  const shape = (value: typeof answer) => {
    shaped++;
    return value.accounts.map(({ name }) => ({ name }));
  };
  const set = { headers: {} as Record<string, unknown> };
  expect(rememberedJson(answer, shape, set)).toBe('[{"name":"Riverside Lab"}]');
  expect(rememberedJson(answer, shape, { headers: {} })).toBe('[{"name":"Riverside Lab"}]');
  expect(shaped).toBe(1);
  expect(set.headers["content-type"]).toBe("application/json");
  rememberedJson({ ...answer }, shape, { headers: {} });
  expect(shaped).toBe(2);
});
