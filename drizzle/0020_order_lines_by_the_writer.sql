-- The order writer (src/core/orders/record-orders.ts) writes each order's lines and product names itself,
-- from lines prepared with the order: the triggers read them out of orders.raw again, at a third of an
-- import's writing time.
DROP TRIGGER `order_lines_after_order_insert`;--> statement-breakpoint
DROP TRIGGER `order_lines_after_order_update`;
