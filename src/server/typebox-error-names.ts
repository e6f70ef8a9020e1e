import { TransformDecodeError } from "@sinclair/typebox/value";

/**
 * Elysia tells a refused query or path value (a number out of range, which it converts from text) by the
 * class name of TypeBox's error, TransformDecodeError. The minified build renames classes, and Elysia then
 * lets the value through unconverted, as text: `?limit=0` would reach core as "0". Giving the class its name
 * back keeps the check working in dist/crm; an e2e test holds it.
 */
export function keepTypeBoxErrorNames(): void {
  Object.defineProperty(TransformDecodeError, "name", { value: "TransformDecodeError" });
}
