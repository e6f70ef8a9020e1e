import type { ToastAction } from "./toast/toast-types";
import { useWrite } from "./use-write";

/**
 * The Undo a success toast offers (a merge, a bulk change, a deletion): pressing it runs `undo` as any
 * write runs, with the server's words in an 'Undone' toast (or why it could not be) and `refresh` after.
 * It works after the component that made the toast has gone, as a dialog has by then.
 */
export function useUndo(refresh?: () => Promise<unknown>): (undo: () => Promise<{ message: string }>) => ToastAction {
  const undoing = useWrite<{ message: string }>({ refresh, success: ({ message }) => ({ title: "Undone", description: message }), failureTitle: "Could not undo" });
  return (undo) => ({ label: "Undo", onAction: () => void undoing.run(undo) });
}
