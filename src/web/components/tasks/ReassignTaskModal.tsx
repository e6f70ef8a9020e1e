import { useState } from "react";
import type { Task } from "../../api/tasks";
import { FormModal } from "../../ui/FormModal";
import { AssigneeSelect } from "./AssigneeSelect";

export interface ReassignTaskModalProps {
  task: Task;
  isPending: boolean;
  onReassign: (assigneeId: number) => void;
  onClose: () => void;
}

/** 'Reassign Task': hands the task to another active team member. */
export function ReassignTaskModal({ task, isPending, onReassign, onClose }: ReassignTaskModalProps) {
  const [assigneeId, setAssigneeId] = useState(String(task.assigneeId));
  const canReassign = assigneeId !== "" && Number(assigneeId) !== task.assigneeId && !isPending;

  return (
    <FormModal
      title="Reassign Task"
      description={`"${task.title}" is assigned to ${task.assigneeName}.`}
      size="sm"
      testId="reassign-task-modal"
      onClose={onClose}
      onSubmit={() => onReassign(Number(assigneeId))}
      submitLabel="Reassign"
      pendingLabel="Reassigning..."
      isPending={isPending}
      canSubmit={canReassign}
      submitTestId="reassign-task-submit"
    >
      <AssigneeSelect label="Assign to" value={assigneeId} onChange={setAssigneeId} disabled={isPending} testId="reassign-assignee-select" />
    </FormModal>
  );
}
