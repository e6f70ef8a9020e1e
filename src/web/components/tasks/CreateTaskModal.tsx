import { createTask, useRefreshTasks, type Task } from "../../api/tasks";
import { formatUsCalendarDate, businessToday } from "../../format/dates";
import { useSession } from "../../session/useSession";
import { FormModal } from "../../ui/FormModal";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { useFormModal } from "../../ui/useFormModal";
import { AssigneeSelect } from "./AssigneeSelect";
import { initialTaskFormValues, isCompleteTaskForm, newTaskOf, type TaskAccount, type TaskFormValues } from "./task-form";
import { SHORT_TEXT_MAX_LENGTH } from "../../../contracts/common.ts";
import { onDemand, onDemandComponent } from "../../ui/on-demand";

// Headless UI's combobox, which the first page does without (ui/on-demand.ts).
const AccountPicker = onDemandComponent(onDemand(() => import("./AccountPicker").then((module) => module.AccountPicker)));

export interface CreateTaskModalProps {
  /** The account the task starts out about, from the account's own page; it can still be changed. */
  account?: TaskAccount | null;
  onClose: () => void;
  onCreated: (task: Task) => void;
}

/** 'Create Task': a title, optionally an account, an assignee (the signed-in user to start with), a due date (tomorrow) and notes. */
export function CreateTaskModal({ account = null, onClose, onCreated }: CreateTaskModalProps) {
  const { user } = useSession();
  const refreshTasks = useRefreshTasks();
  const { fieldProps, modalProps } = useFormModal<TaskFormValues, Task>({
    initial: () => initialTaskFormValues(businessToday(), user?.id, account),
    onClose,
    canSubmit: isCompleteTaskForm,
    send: (values) => createTask(newTaskOf(values)),
    refresh: (values) => refreshTasks(newTaskOf(values).accountId),
    success: (created) => ({ title: "Task created", description: `${created.title} is due ${formatUsCalendarDate(created.dueDate)}.` }),
    failureMessage: "Failed to create task.",
    fieldLabels: { assigneeId: "Assignee" },
    onSuccess: onCreated,
  });
  const isCreating = modalProps.isPending;

  const [accountField, assigneeField] = [fieldProps("account"), fieldProps("assigneeId")];
  return (
    <FormModal
      {...modalProps}
      title="Create Task"
      description="A follow-up for someone on the team, optionally about an account."
      testId="create-task-modal"
      submitLabel="Create Task"
      pendingLabel="Creating..."
      submitTestId="create-task-submit"
    >
      <TextField
        label="Title"
        {...fieldProps("title")}
        required
        maxLength={SHORT_TEXT_MAX_LENGTH}
        placeholder="Call to confirm the next order"
        autoComplete="off"
        autoFocus
        data-testid="task-title-input"
      />
      <AccountPicker value={accountField.value} onChange={accountField.onChange} disabled={isCreating} />
      {/* Bottom-aligned: the select's label is smaller than the date field's. */}
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <AssigneeSelect
          label="Assignee"
          value={assigneeField.value}
          onChange={assigneeField.onChange}
          fieldError={assigneeField.error}
          disabled={isCreating}
          testId="task-assignee-select"
        />
        <TextField label="Due Date" type="date" {...fieldProps("dueDate")} required disabled={isCreating} data-testid="task-due-date-input" />
      </div>
      <TextAreaField label="Notes" {...fieldProps("notes")} rows={3} maxLength={5000} placeholder="Optional" disabled={isCreating} data-testid="task-notes-input" />
    </FormModal>
  );
}
