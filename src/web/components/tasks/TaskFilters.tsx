import { Select } from "../Select";
import { AssigneeSelect } from "./AssigneeSelect";
import { DUE_FILTER_OPTIONS, assigneeIdOf, dueFilterOf, type TaskBoardFilters } from "./task-filters";

export function TaskFilters({ filters, onChange }: { filters: TaskBoardFilters; onChange: (filters: TaskBoardFilters) => void }) {
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="task-filters">
      <AssigneeSelect
        label="Assignee"
        everyoneLabel="All Team Members"
        className="w-52"
        value={filters.assigneeId === undefined ? "" : String(filters.assigneeId)}
        onChange={(value) => onChange({ ...filters, assigneeId: assigneeIdOf(value || null) })}
        testId="task-assignee-filter"
      />
      <Select
        label="Due Date"
        className="w-40"
        value={filters.due}
        options={DUE_FILTER_OPTIONS}
        onChange={(value) => onChange({ ...filters, due: dueFilterOf(value) })}
        data-testid="task-due-filter"
      />
    </div>
  );
}
