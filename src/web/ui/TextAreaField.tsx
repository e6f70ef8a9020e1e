import { useId, type TextareaHTMLAttributes } from "react";
import { FieldError } from "./FieldError";
import { FIELD_LABEL_CLASS } from "./field-label";

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the server refused the value, shown under the field. */
  error?: string;
}

/** A labelled multi-line input, styled and marked like TextField. */
export function TextAreaField({ label, value, onChange, required, id, className = "", error, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const textAreaId = id ?? generatedId;
  const errorId = `${textAreaId}-error`;

  return (
    <div className={className}>
      <label htmlFor={textAreaId} className={FIELD_LABEL_CLASS}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      <textarea
        id={textAreaId}
        value={value}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full resize-y rounded-lg border ${error ? "border-red-500" : "border-slate-300"} px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none`}
        {...props}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
