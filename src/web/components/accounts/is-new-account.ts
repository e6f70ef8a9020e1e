const NEW_ACCOUNT_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Accounts added in the last 14 days get a 'New' badge. */
export function isNewAccount(createdAt: string, now: Date = new Date()): boolean {
  // No lower bound: a clock running behind the server's must not hide the badge of an account just added.
  return now.getTime() - new Date(createdAt).getTime() <= NEW_ACCOUNT_DAYS * DAY_MS;
}
