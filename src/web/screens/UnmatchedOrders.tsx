import { UnmatchedOrders } from "../components/unmatched-orders/UnmatchedOrders";

/** Orders without a customer e-mail, for sales and administrators alike to match to accounts. */
export function UnmatchedOrdersScreen() {
  return (
    <div className="mx-auto max-w-4xl min-w-0" data-testid="unmatched-orders-screen">
      <UnmatchedOrders />
    </div>
  );
}
