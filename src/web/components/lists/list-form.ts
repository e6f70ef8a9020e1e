import type { ListDefinition, ListFields } from "../../api/lists";

/** The server's limits, kept by the inputs so that nobody types what will be refused. */
export const LIST_NAME_MAX_LENGTH = 80;
export const LIST_DESCRIPTION_MAX_LENGTH = 500;

/** The form of a list being created or edited, as typed. */
export function listFormValuesOf(list: ListDefinition | null): ListFields {
  return { name: list?.name ?? "", description: list?.description ?? "" };
}

/** What to send: trimmed; the server stores a blank description as none. */
export function listFieldsOf(values: ListFields): ListFields {
  return { name: values.name.trim(), description: values.description.trim() };
}

/** A list needs a name; an edit needs a change. */
export function canSaveList(list: ListDefinition | null, values: ListFields): boolean {
  const fields = listFieldsOf(values);
  if (fields.name === "") return false;
  return list === null || fields.name !== list.name || fields.description !== (list.description ?? "");
}
