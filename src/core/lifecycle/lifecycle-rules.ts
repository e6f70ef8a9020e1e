/**
 * The customer lifecycle: which built-in list order activity puts an account in, as New York calendar
 * days. Kept free of imports so that the dashboard's Settings card shares the defaults and limits.
 *   New: first order within the last `newWithinDays` days (or no order at all: added by hand);
 *   Active: otherwise, an order within the last `activeWithinDays` days;
 *   Legacy: otherwise.
 */
export interface CustomerLifecycleSettings {
  newWithinDays: number;
  activeWithinDays: number;
}

export const DEFAULT_CUSTOMER_LIFECYCLE: CustomerLifecycleSettings = { newWithinDays: 30, activeWithinDays: 180 };

export const LIFECYCLE_DAYS_LIMITS = { newWithinDays: { min: 1, max: 365 }, activeWithinDays: { min: 2, max: 3650 } } as const;

/** Welcome tasks greet customers who are new now: a first order at most this many days ago. */
export const WELCOME_WITHIN_DAYS = 14;
