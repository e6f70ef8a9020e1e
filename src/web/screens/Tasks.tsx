import { useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import { useTaskList } from "../api/tasks";
import { Button } from "../components/Button";
import { PlusIcon } from "../components/icons";
import { LoadError } from "../components/LoadError";
import { CreateTaskModal } from "../components/tasks/CreateTaskModal";
import { TaskBoard } from "../components/tasks/TaskBoard";
import { TaskFilters } from "../components/tasks/TaskFilters";
import { boardQueryOf, filtersFromSearch, searchFromFilters, type TaskBoardFilters } from "../components/tasks/task-filters";
import { todayInNewYork } from "../format/dates";

/** The team's open tasks in three columns by due date, filtered by assignee and due date on the server. */
export function TasksScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const { tasks, error, retry } = useTaskList(boardQueryOf(filters));
  const [isCreating, setIsCreating] = useState(false);
  const today = todayInNewYork();

  function show(next: TaskBoardFilters) {
    setSearchParams(searchFromFilters(next));
  }

  return (
    <section data-testid="tasks-screen" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <TaskFilters filters={filters} onChange={show} />
        <Button variant="primary" icon={PlusIcon} onClick={() => setIsCreating(true)} data-testid="create-task-button">
          Create Task
        </Button>
      </div>

      {error ? (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <LoadError title="The tasks could not be loaded." error={error} onRetry={retry} testId="tasks-error" />
        </div>
      ) : (
        <TaskBoard tasks={tasks} today={today} />
      )}

      {isCreating && <CreateTaskModal onClose={() => setIsCreating(false)} onCreated={() => setIsCreating(false)} />}
    </section>
  );
}
