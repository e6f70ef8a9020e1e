/** The account id in /accounts/{id}; null for anything that cannot be one, which shows 'Account not found'. */
export function parseAccountId(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d*$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
