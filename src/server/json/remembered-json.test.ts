import { expect, test } from "bun:test";
import { rememberedJsonResponse } from "./remembered-json.ts";

test("an answer is shaped and serialized once, however often it is sent, with the JSON type and the given headers", async () => {
  const answer = { accounts: [{ id: 1, name: "Riverside Lab" }] };
  let shaped = 0;
  const shape = (value: typeof answer) => {
    shaped++;
    return value.accounts.map(({ name }) => ({ name }));
  };
  const first = rememberedJsonResponse(answer, shape, { "x-total-count": "1" });
  const second = rememberedJsonResponse(answer, shape);
  expect(shaped).toBe(1);
  expect(first.headers.get("content-type")).toBe("application/json");
  expect(first.headers.get("x-total-count")).toBe("1");
  expect(await first.json()).toEqual([{ name: "Riverside Lab" }]);
  expect(await second.text()).toBe('[{"name":"Riverside Lab"}]');
  expect(rememberedJsonResponse({ ...answer }, shape).status).toBe(200);
  expect(shaped).toBe(2);
});
