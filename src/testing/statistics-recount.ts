/**
 * The ids of accounts whose stored order statistics (count, total, first and last order) differ from a
 * recount of their orders: none, after any way of recording orders.
 */
export const ACCOUNTS_DISAGREEING_WITH_THEIR_ORDERS = `SELECT a.id FROM accounts a LEFT JOIN (
   SELECT account_id, count(*) AS n, coalesce(sum(total_cents), 0) AS total, min(placed_at) AS first, max(placed_at) AS last FROM orders GROUP BY account_id
 ) o ON o.account_id = a.id
 WHERE a.order_count != coalesce(o.n, 0) OR a.total_order_cents != coalesce(o.total, 0)
    OR a.first_order_at IS NOT o.first OR a.last_order_at IS NOT o.last`;
