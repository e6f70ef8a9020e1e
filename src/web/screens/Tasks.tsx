import { useMemo, useState } from "react";
import { useSearchParams } from "wouter";
import { Button } from "../ui/Button";
import { PlusIcon } from "../ui/icons";
import { CreateTaskModal } from "../components/tasks/CreateTaskModal";
import { TaskBoard } from "../components/tasks/TaskBoard";
import { TaskFilters } from "../components/tasks/TaskFilters";
import { boardQueryOf, filtersFromSearch, searchFromFilters, type TaskBoardFilters } from "../components/tasks/task-filters";
import { businessToday } from "../format/dates";
import { useSession } from "../session/useSession";

/** Open tasks in three columns by due date: the signed-in user's at first, the team's or a member's a click away. */
export function TasksScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const myId = useSession().user?.id;
  const [isCreating, setIsCreating] = useState(false);

  function show(next: TaskBoardFilters) {
    setSearchParams(searchFromFilters(next));
  }

  return (
    <section data-testid="tasks-screen" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <TaskFilters filters={filters} myId={myId} onChange={show} />
        <Button variant="primary" icon={PlusIcon} onClick={() => setIsCreating(true)} data-testid="create-task-button">
          Create Task
        </Button>
      </div>

      <TaskBoard query={boardQueryOf(filters, myId)} today={businessToday()} />

      {isCreating && <CreateTaskModal onClose={() => setIsCreating(false)} onCreated={() => setIsCreating(false)} />}
    </section>
  );
}
