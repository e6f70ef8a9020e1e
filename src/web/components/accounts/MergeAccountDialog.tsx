import { Button } from "../Button";
import { Modal } from "../Modal";

export function MergeAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Merge Account"
      description="This feature will be implemented soon."
      size="sm"
      testId="merge-account-dialog"
      footer={
        <Button variant="primary" onClick={onClose} autoFocus>
          OK
        </Button>
      }
    />
  );
}
