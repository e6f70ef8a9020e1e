import { Elysia } from "elysia";
import { cameOverHttps } from "../client-address.ts";
import { INTL_WARM_UP_POLICY_SOURCE } from "../intl-warm-up.ts";

/**
 * What the browser may load for the dashboard: its own bundled script and stylesheet, and answers from its own
 * API, nothing else. The page's one inline script, which sets up Intl early (intl-warm-up.ts), is allowed by
 * its hash, so no other inline script runs; it has no inline style (React sets styles through the DOM, which a
 * policy does not restrict), so neither needs 'unsafe-inline'. It may not be framed (clickjacking),
 * nor post a form or set a <base> elsewhere. An e-mail's HTML is a page of its own, framed from the API under
 * a policy of its own (routes/email-messages.ts), so nothing here is loosened for it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${INTL_WARM_UP_POLICY_SOURCE}`,
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** A year: browsers then refuse plain HTTP for this host that long, renewed by every answer over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

const EVERY_ANSWER: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": CONTENT_SECURITY_POLICY,
  // A JSON answer or an uploaded CSV is never run as a script or shown as a page because of what it looks like.
  "x-content-type-options": "nosniff",
  // Other sites never learn the dashboard's URLs, which name accounts and lists.
  "referrer-policy": "same-origin",
  // For browsers that predate frame-ancestors.
  "x-frame-options": "DENY",
});

// Sent over plain HTTP it would be ignored, and pinning HTTPS on a server that has none would lock everybody out.
const OVER_HTTPS: Readonly<Record<string, string>> = Object.freeze({ ...EVERY_ANSWER, "strict-transport-security": STRICT_TRANSPORT_SECURITY });

/**
 * The headers every answer carries, the API's and the dashboard's alike, errors included. Behind a trusted
 * proxy (`--trust-proxy`) the proxy says whether the browser reached it over HTTPS.
 */
export function securityHeadersFor(request: Request, trustProxy: boolean): Readonly<Record<string, string>> {
  return cameOverHttps(request, trustProxy) ? OVER_HTTPS : EVERY_ANSWER;
}

/**
 * Set as the request arrives, before any other hook can refuse it: an error answer (401, 404, 413...) is built
 * from the same `set.headers`, and Elysia copies them onto a Response a route returns itself.
 */
export function securityHeaders(trustProxy: boolean) {
  return new Elysia({ name: "security-headers", seed: trustProxy }).onRequest(({ request, set }) => {
    Object.assign(set.headers, securityHeadersFor(request, trustProxy));
  });
}
