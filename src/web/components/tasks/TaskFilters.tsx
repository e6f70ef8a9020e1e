import { useId } from "react";
import { Select } from "../../ui/Select";
import { AssigneeSelect } from "./AssigneeSelect";
import { DUE_FILTER_OPTIONS, assigneeFromSelect, assigneeSelectValue, dueFilterOf, type BoardAssignee, type TaskBoardFilters } from "./task-filters";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";

export interface TaskFiltersProps {
  filters: TaskBoardFilters;
  /** The signed-in user, whose tasks 'My tasks' shows. */
  myId: number | undefined;
  onChange: (filters: TaskBoardFilters) => void;
}

export function TaskFilters({ filters, myId, onChange }: TaskFiltersProps) {
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="task-filters">
      <WhoseTasks assignee={filters.assignee} onChange={(assignee) => onChange({ ...filters, assignee })} />
      <AssigneeSelect
        label="Assignee"
        everyoneLabel="All Team Members"
        className="w-52"
        value={assigneeSelectValue(filters.assignee, myId)}
        onChange={(value) => onChange({ ...filters, assignee: assigneeFromSelect(value, myId) })}
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

const WHOSE_CHOICES: readonly { assignee: "mine" | "everyone"; label: string; testId: string }[] = [
  { assignee: "mine", label: "My tasks", testId: "task-board-mine" },
  { assignee: "everyone", label: "All Team Members", testId: "task-board-everyone" },
];

/** The two boards people switch between most, one click apart; neither is pressed while the Assignee select shows another member's. */
function WhoseTasks({ assignee, onChange }: { assignee: BoardAssignee; onChange: (assignee: BoardAssignee) => void }) {
  const labelId = useId();
  return (
    <div>
      <span id={labelId} className={FIELD_LABEL_CLASS}>
        Show
      </span>
      <div role="group" aria-labelledby={labelId} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
        {WHOSE_CHOICES.map((choice) => {
          const isPressed = assignee === choice.assignee;
          return (
            <button
              key={choice.assignee}
              type="button"
              aria-pressed={isPressed}
              onClick={() => onChange(choice.assignee)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${
                isPressed ? "bg-blue-600 text-white shadow-sm" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              }`}
              data-testid={choice.testId}
            >
              {choice.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
