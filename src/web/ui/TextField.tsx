import { useId, type InputHTMLAttributes } from "react";
import { FieldError } from "./FieldError";
import { FIELD_LABEL_CLASS } from "./field-label";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the server refused the value, shown under the field. */
  error?: string;
}

/** A labelled text input; required fields are marked next to their label. */
export function TextField({ label, value, onChange, required, id, className = "", error, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;

  return (
    <div className={className}>
      <label htmlFor={inputId} className={FIELD_LABEL_CLASS}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      <input
        id={inputId}
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full rounded-lg border ${error ? "border-red-500" : "border-slate-300"} px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none`}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A required whole number between `min` and `max` (a count of days), with the phone's number pad. */
export function WholeNumberField({ min, max, ...props }: Omit<TextFieldProps, "type" | "inputMode" | "step" | "required" | "min" | "max"> & { min: number; max: number }) {
  return <TextField type="number" inputMode="numeric" min={min} max={max} step={1} required {...props} />;
}
