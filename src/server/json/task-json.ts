import type { Task } from "../../contracts/tasks.ts";
import type { TaskView } from "../../core/tasks/tasks.ts";

export function toTaskJson(task: TaskView): Task {
  return {
    id: task.id,
    title: task.title,
    notes: task.notes,
    accountId: task.accountId,
    accountName: task.accountName,
    assigneeId: task.assigneeId,
    assigneeName: task.assigneeName,
    dueDate: task.dueDate,
    status: task.status,
    completedAt: task.completedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    source: task.source,
  };
}
