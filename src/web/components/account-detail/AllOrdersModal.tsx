import type { Order } from "../../api/account-detail";
import { formatCountOf } from "../../format/count";
import { Button } from "../Button";
import { Modal } from "../Modal";
import { OrdersTable } from "./OrdersTable";

/** Every order of the account in one scrollable table, newest first. */
export function AllOrdersModal({ open, orders, onClose }: { open: boolean; orders: readonly Order[]; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="All Orders"
      description={formatCountOf(orders.length, "order")}
      size="xl"
      testId="all-orders-modal"
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="max-h-[60vh] overflow-auto rounded-lg border border-slate-200">
        <OrdersTable orders={orders} />
      </div>
    </Modal>
  );
}
