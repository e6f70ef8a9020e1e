/**
 * How many tasks one answer of GET /api/tasks holds. A module of its own, without imports, so that the
 * dashboard can share these figures without bringing core's database code along.
 */

/** When the caller does not say. */
export const DEFAULT_TASK_PAGE_SIZE = 50;

/** Years of imported orders make tens of thousands of tasks: nobody reads more than this many at once. */
export const MAX_TASK_PAGE_SIZE = 200;
