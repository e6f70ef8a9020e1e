import { createHash } from "node:crypto";
import { BUSINESS_TIME_ZONE } from "../core/time/business-calendar.ts";

/**
 * The first use of Intl in a new page sets up ICU's locale and time zone data, 20-40 ms of the main thread
 * in Chromium, which the first screen otherwise pays while the dashboard's scripts run (its formatters of
 * money, counts and New York dates). Run at the top of the page, while the scripts are still on their way
 * and the thread has nothing else to do, it is off the first screen's path: fresh first loads came 25-45 ms
 * sooner (docs/performance.md).
 */
export const INTL_WARM_UP_SCRIPT = `new Intl.DateTimeFormat("en-US",{timeZone:${JSON.stringify(BUSINESS_TIME_ZONE)}}).format(0);new Intl.NumberFormat("en-US",{style:"currency",currency:"USD"}).format(0)`;

/** The content security policy's source for that script and no other inline one: its hash. */
export const INTL_WARM_UP_POLICY_SOURCE = `'sha256-${createHash("sha256").update(INTL_WARM_UP_SCRIPT).digest("base64")}'`;
