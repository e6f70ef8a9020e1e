import { Type, type IntegerOptions, type TInteger } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { t as elysiaTypes, ValidationError } from "elysia";

/**
 * The schema builder every contract uses: Elysia's `t`, but for `Integer`, which is TypeBox's own. Elysia's
 * Integer also accepts a number written as text and converts it; in a JSON body or answer a number is a
 * number, and the OpenAPI description says so. (Built on Elysia's `t` as its prototype, so that the
 * dashboard's stand-in for it, a Proxy, serves every builder: see browser-stand-in.ts.)
 */
export const t: typeof elysiaTypes = Object.assign(Object.create(elysiaTypes), { Integer: Type.Integer });

/** How a whole number is written in a query string or a path: decimal digits, nothing else. */
export const DIGITS_PATTERN = "^[0-9]+$";

/**
 * A whole number read from text, for query and path values only (`wholeNumber` in common.ts): decimal
 * digits, converted to the number. Elysia's own Integer converts whatever JavaScript reads as a number
 * (0x10, 1e3, " 1"), so that /api/accounts/0x10 would be account 16. A value out of range is refused with
 * the contract's message, as Elysia refuses one: its error, thrown while converting. Typed, as Elysia types
 * its own, as the number the route receives.
 */
export function IntegerText(options: IntegerOptions): TInteger {
  const number = Type.Integer(options);
  const inRange = TypeCompiler.Compile(number);
  return Type.Transform(Type.Union([Type.String({ pattern: DIGITS_PATTERN }), number], options))
    .Decode((value) => {
      const read = typeof value === "string" ? Number(value) : value;
      if (!inRange.Check(read)) throw new ValidationError("property", number, read);
      return read;
    })
    .Encode((value) => value) as unknown as TInteger;
}
