import type { SeededRandom } from "./random.ts";

/**
 * Hands out ship-to phone numbers, each only once, so that two customers share a number only where the sample
 * means them to: one customer ordering under two e-mails, or a service several customers order through.
 * Numbers are made up over an area code's whole range of exchanges, so some may be real: sample data is not for
 * dialing. The 555-0100 to 555-0199 block kept for fiction would be safe, but it has only 100 numbers per area
 * code: thousands of unrelated customers would share each one, and a shared phone would tell duplicate detection nothing.
 */
export class PhoneBook {
  /** As ten-digit numbers, which a set looks up faster than strings. */
  private readonly usedNumbers = new Set<number>();

  /** A number nobody else has, in this area code, written one of the ways customers type it. */
  newNumber(areaCode: string, random: SeededRandom): string {
    let number: number;
    do number = Number(areaCode) * 10_000_000 + exchange(random) * 10_000 + random.integer(0, 9999);
    while (this.usedNumbers.has(number));
    this.usedNumbers.add(number);
    return writePhone(String(number), random);
  }
}

/** The same number typed again, in another of the ways customers write it. */
export function retypePhone(phone: string, random: SeededRandom): string {
  const digits = phone.replace(/\D/g, "").slice(-10);
  return writePhone(digits, random, phone);
}

/** An exchange as real numbers have: not starting with 0 or 1, not a service code such as 411 or 911, and not 555, which reads as made up. */
function exchange(random: SeededRandom): number {
  let code: number;
  do code = random.integer(200, 999);
  while (code === 555 || code % 100 === 11);
  return code;
}

const PHONE_FORMATS: readonly ((area: string, exchange: string, line: string) => string)[] = [
  (area, exchange, line) => `(${area}) ${exchange}-${line}`,
  (area, exchange, line) => `${area}-${exchange}-${line}`,
  (area, exchange, line) => `${area}.${exchange}.${line}`,
  (area, exchange, line) => `+1 ${area}-${exchange}-${line}`,
  (area, exchange, line) => `${area}${exchange}${line}`,
];

/** Ten digits in a random one of the formats, other than the way `unlike` already writes them. */
function writePhone(digits: string, random: SeededRandom, unlike?: string): string {
  const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  const formats = unlike === undefined ? PHONE_FORMATS : PHONE_FORMATS.filter((format) => format(area, exchange, line) !== unlike);
  return random.pick(formats)(area, exchange, line);
}
