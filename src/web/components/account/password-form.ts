import { PASSWORD_MIN_LENGTH } from "../../../contracts/auth.ts";

/** Under every new-password field: the server's rules, so that a refusal comes as no surprise. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; not your e-mail, nor a common password.`;

/** 'Change password': the password in use, and the new one. */
export interface ChangePasswordForm {
  currentPassword: string;
  newPassword: string;
}

export const EMPTY_CHANGE_PASSWORD_FORM: ChangePasswordForm = { currentPassword: "", newPassword: "" };

/** The server judges the new password; the form only needs both filled in. */
export function canChangePassword(form: ChangePasswordForm): boolean {
  return form.currentPassword !== "" && form.newPassword !== "";
}

/** 'Choose your password': the new one typed twice, as nobody sees what they type. */
export interface ChoosePasswordForm extends ChangePasswordForm {
  confirmation: string;
}

/** What the confirmation field says once something is typed in it that is not the new password. */
export function confirmationError(form: Pick<ChoosePasswordForm, "newPassword" | "confirmation">): string | undefined {
  return form.confirmation !== "" && form.confirmation !== form.newPassword ? "The passwords do not match" : undefined;
}

export function canChoosePassword(form: ChoosePasswordForm): boolean {
  return canChangePassword(form) && form.confirmation === form.newPassword;
}
