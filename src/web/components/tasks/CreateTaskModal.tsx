import { useState } from "react";
import { useTaskChanges, type Task } from "../../api/tasks";
import { formatUsCalendarDate, todayInNewYork } from "../../format/dates";
import { useSession } from "../../session/useSession";
import { FormModal } from "../FormModal";
import { TextAreaField } from "../TextAreaField";
import { TextField } from "../TextField";
import { useToast } from "../toast/useToast";
import { AccountPicker } from "./AccountPicker";
import { AssigneeSelect } from "./AssigneeSelect";
import { initialTaskFormValues, isCompleteTaskForm, newTaskOf, taskFailureMessage, type TaskAccount, type TaskFormValues } from "./task-form";

export interface CreateTaskModalProps {
  /** The account the task starts out about, from the account's own page; it can still be changed. */
  account?: TaskAccount | null;
  onClose: () => void;
  onCreated: (task: Task) => void;
}

/** 'Create Task': a title, optionally an account, an assignee (the signed-in user to start with), a due date (tomorrow) and notes. */
export function CreateTaskModal({ account = null, onClose, onCreated }: CreateTaskModalProps) {
  const { user } = useSession();
  const { toast } = useToast();
  const { createTask } = useTaskChanges();
  const [values, setValues] = useState<TaskFormValues>(() => initialTaskFormValues(todayInNewYork(), user?.id, account));
  const [isCreating, setIsCreating] = useState(false);
  const canCreate = isCompleteTaskForm(values) && !isCreating;

  function setField<Field extends keyof TaskFormValues>(field: Field) {
    return (value: TaskFormValues[Field]) => setValues((current) => ({ ...current, [field]: value }));
  }

  async function create() {
    setIsCreating(true);
    let created: Task;
    try {
      created = await createTask(newTaskOf(values));
    } catch (error) {
      setIsCreating(false);
      toast({ variant: "destructive", title: "Error", description: taskFailureMessage(error, "Failed to create task.") });
      return;
    }
    toast({ title: "Task created", description: `${created.title} is due ${formatUsCalendarDate(created.dueDate)}.` });
    onCreated(created);
  }

  return (
    <FormModal
      title="Create Task"
      description="A follow-up for someone on the team, optionally about an account."
      testId="create-task-modal"
      onClose={onClose}
      onSubmit={create}
      submitLabel="Create Task"
      pendingLabel="Creating..."
      isPending={isCreating}
      canSubmit={canCreate}
      submitTestId="create-task-submit"
      formClassName="space-y-4"
    >
      <TextField
        label="Title"
        value={values.title}
        onChange={setField("title")}
        required
        maxLength={200}
        placeholder="Call to confirm the next order"
        autoComplete="off"
        autoFocus
        data-testid="task-title-input"
      />
      <AccountPicker value={values.account} onChange={setField("account")} disabled={isCreating} />
      {/* Bottom-aligned: the select's label is smaller than the date field's. */}
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <AssigneeSelect label="Assignee" value={values.assigneeId} onChange={setField("assigneeId")} disabled={isCreating} testId="task-assignee-select" />
        <TextField
          label="Due Date"
          type="date"
          value={values.dueDate}
          onChange={setField("dueDate")}
          required
          disabled={isCreating}
          data-testid="task-due-date-input"
        />
      </div>
      <TextAreaField
        label="Notes"
        value={values.notes}
        onChange={setField("notes")}
        rows={3}
        maxLength={5000}
        placeholder="Optional"
        disabled={isCreating}
        data-testid="task-notes-input"
      />
    </FormModal>
  );
}
