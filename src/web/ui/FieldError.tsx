/** Why the server refused what was typed in a field, under it; the field points to it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600" data-testid="field-error">
      {message}
    </p>
  );
}
