/** Why the server refused what was typed in a field, under it; the field points to it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600" data-testid="field-error">
      {message}
    </p>
  );
}

/** A refusal that is about none of the fields, under them all. */
export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700" data-testid={testId}>
      {message}
    </p>
  );
}
