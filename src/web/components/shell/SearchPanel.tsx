import { Dialog, DialogBackdrop, DialogPanel } from "../../ui/headless-ui";
import { AccountSearchCombobox } from "./HeaderSearch";

/** The header's search in a panel across the top of the screen, below the md breakpoint (HeaderSearch.tsx), loaded on demand. */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-label="Search" className="relative z-50">
      <DialogBackdrop className="modal-backdrop-enter fixed inset-0 bg-slate-900/50" />
      <DialogPanel className="fixed inset-x-0 top-0 border-b border-slate-200 bg-white px-4 py-3 shadow-lg" data-testid="search-panel">
        <AccountSearchCombobox
          layout="panel"
          onDone={onClose}
          trailing={
            <button
              type="button"
              onClick={onClose}
              className="shrink-0 rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            >
              Cancel
            </button>
          }
        />
      </DialogPanel>
    </Dialog>
  );
}
