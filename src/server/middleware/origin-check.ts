import { Elysia } from "elysia";
import { forbidden } from "../../core/errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a page on another site sent with our cookie. Browsers always
 * send Origin on such requests; tools such as curl or ShipStation send none and need no protection.
 */
export const originCheck = new Elysia({ name: "origin-check" }).onRequest(({ request }) => {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (!origin) return;
  if (!isSameSite(origin, request)) throw forbidden("Cross-site request refused");
});

function isSameSite(origin: string, request: Request): boolean {
  if (origin === "null") return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const requestHost = request.headers.get("host") ?? new URL(request.url).host;
  return originHost.toLowerCase() === requestHost.toLowerCase();
}
