import { useId, useState, type FormEvent } from "react";
import type { Task } from "../../api/tasks";
import { Button } from "../Button";
import { Modal } from "../Modal";
import { AssigneeSelect } from "./AssigneeSelect";

export interface ReassignTaskModalProps {
  task: Task;
  isPending: boolean;
  onReassign: (assigneeId: number) => void;
  onClose: () => void;
}

/** 'Reassign Task': hands the task to another active team member. */
export function ReassignTaskModal({ task, isPending, onReassign, onClose }: ReassignTaskModalProps) {
  const formId = useId();
  const [assigneeId, setAssigneeId] = useState(String(task.assigneeId));
  const canReassign = assigneeId !== "" && Number(assigneeId) !== task.assigneeId && !isPending;

  function reassign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canReassign) onReassign(Number(assigneeId));
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Reassign Task"
      description={`"${task.title}" is assigned to ${task.assigneeName}.`}
      size="sm"
      canClose={!isPending}
      testId="reassign-task-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={!canReassign} data-testid="reassign-task-submit">
            {isPending ? "Reassigning..." : "Reassign"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={reassign}>
        <AssigneeSelect label="Assign to" value={assigneeId} onChange={setAssigneeId} disabled={isPending} testId="reassign-assignee-select" />
      </form>
    </Modal>
  );
}
