import { AUTOMATIC_LIST_CHOICE } from "../../../contracts/lists.ts";
import type { ListDefinition } from "../../api/lists";
import { listChoiceTitle } from "../../ui/list-types";
import { PinIcon } from "../../ui/icons";
import { listChoiceLabel } from "./merge-plan";

/** A list choice as it reads: a pinned list marked with the pin the list selects show, and saying so on hover. */
export function ListChoiceName({ choice, lists }: { choice: string; lists: readonly ListDefinition[] | undefined }) {
  const label = listChoiceLabel(choice, lists);
  if (choice === AUTOMATIC_LIST_CHOICE) return <span>{label}</span>;
  return (
    <span className="inline-flex max-w-full items-center gap-1" title={listChoiceTitle({ listType: choice, listPinned: true }, label)}>
      <PinIcon aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
      <span className="min-w-0 break-words">{label}</span>
      <span className="sr-only">(pinned)</span>
    </span>
  );
}
