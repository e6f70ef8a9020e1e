import type { NewTask } from "../../api/tasks";
import { addDays, type CalendarDate } from "../../format/dates";

/** An account a task can be about: what the picker shows and the task stores. */
export interface TaskAccount {
  id: number;
  name: string;
}

/** The Create Task form as typed; the assignee is the select's value, an id as text. */
export interface TaskFormValues {
  title: string;
  account: TaskAccount | null;
  assigneeId: string;
  dueDate: CalendarDate;
  notes: string;
}

/** A new task is the signed-in user's, due tomorrow in New York: the usual follow-up. */
export function initialTaskFormValues(today: CalendarDate, assigneeId: number | undefined, account: TaskAccount | null): TaskFormValues {
  return { title: "", account, assigneeId: assigneeId === undefined ? "" : String(assigneeId), dueDate: addDays(today, 1), notes: "" };
}

/** Title, assignee and due date are required; account and notes are not. */
export function isCompleteTaskForm(values: TaskFormValues): boolean {
  return values.title.trim() !== "" && values.assigneeId !== "" && values.dueDate !== "";
}

/** What POST /api/tasks is sent: trimmed, with blank notes sent as null. */
export function newTaskOf(values: TaskFormValues): NewTask {
  return {
    title: values.title.trim(),
    notes: values.notes.trim() || null,
    accountId: values.account?.id ?? null,
    assigneeId: Number(values.assigneeId),
    dueDate: values.dueDate,
  };
}
