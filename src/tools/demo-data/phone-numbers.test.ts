import { expect, test } from "bun:test";
import { PhoneBook, retypePhone } from "./phone-numbers.ts";
import { SeededRandom } from "./random.ts";

const digitsOf = (phone: string) => phone.replace(/\D/g, "").slice(-10);

test("hands out each number once, even tens of thousands in one area code, in that area code", () => {
  const phones = new PhoneBook();
  const random = new SeededRandom(1);
  const numbers = Array.from({ length: 50_000 }, () => digitsOf(phones.newNumber("813", random)));
  expect(new Set(numbers).size).toBe(numbers.length);
  expect(numbers.filter((number) => !/^813(?!555|[2-9]11)[2-9]\d{6}$/.test(number))).toEqual([]);
});

test("writes numbers the ways customers type them, and retypes one as the same digits written another way", () => {
  const phones = new PhoneBook();
  const random = new SeededRandom(2);
  const written = Array.from({ length: 200 }, () => phones.newNumber("212", random));
  expect(new Set(written.map((phone) => phone.replace(/\d/g, "9"))).size).toBe(5);
  for (const phone of written) {
    const retyped = retypePhone(phone, random);
    expect(retyped).not.toBe(phone);
    expect(digitsOf(retyped)).toBe(digitsOf(phone));
  }
});
