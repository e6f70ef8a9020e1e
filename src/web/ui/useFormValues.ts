import { useState } from "react";
import type { FieldErrors } from "./use-write";

/**
 * A form's values as typed, named as the request names them, so that each field can show the server's
 * refusal of it. `fieldProps` gives a field its value, a change handler that also forgets that refusal
 * (the person is fixing it), and the refusal itself, for TextField, TextAreaField or Select.
 */
export function useFormValues<Values extends object>(
  initial: Values | (() => Values),
  { fieldErrors, clearFieldError }: { fieldErrors: FieldErrors; clearFieldError: (field: string) => void },
) {
  const [values, setValues] = useState<Values>(initial);

  function fieldProps<Field extends keyof Values & string>(field: Field) {
    return {
      value: values[field],
      onChange: (value: Values[Field]) => {
        setValues((current) => ({ ...current, [field]: value }));
        clearFieldError(field);
      },
      error: fieldErrors[field],
    };
  }

  return { values, setValues, fieldProps };
}
