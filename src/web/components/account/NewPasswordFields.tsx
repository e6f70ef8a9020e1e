import { TextField } from "../../ui/TextField";
import { NEW_PASSWORD_HINT } from "./password-form";

/** What `fieldProps` of useFormValues gives a text field. */
interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * The new password, with the server's rules under it, and its confirmation: 'Choose your password' and the
 * screen an e-mailed password link opens.
 */
export function NewPasswordFields({
  newPassword,
  confirmation,
  mismatch,
  autoFocus,
  disabled,
}: {
  newPassword: TextFieldProps;
  confirmation: TextFieldProps;
  /** What the confirmation field says when it is not the new password (confirmationError). */
  mismatch: string | undefined;
  autoFocus: boolean;
  disabled: boolean;
}) {
  return (
    <>
      <div>
        <TextField label="New password" type="password" {...newPassword} required autoComplete="new-password" autoFocus={autoFocus} disabled={disabled} />
        <p className="mt-1.5 text-xs text-slate-500">{NEW_PASSWORD_HINT}</p>
      </div>
      <TextField label="Confirm new password" type="password" {...confirmation} error={mismatch} required autoComplete="new-password" disabled={disabled} />
    </>
  );
}
