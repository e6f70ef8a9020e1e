import {
  PASSWORD_RESET_CONFIRM_PATH,
  PASSWORD_RESET_PATH,
  type PasswordResetAnswer,
  type PasswordResetBody,
  type SetPasswordByLinkBody,
} from "../../contracts/auth.ts";
import { apiRequest } from "./client";

/** "Forgot password?": the server answers the same words whether the e-mail is a user's or not. */
export function askForPasswordLink(request: PasswordResetBody): Promise<PasswordResetAnswer> {
  return apiRequest<PasswordResetAnswer>("POST", PASSWORD_RESET_PATH, request);
}

/** Chooses a password with an e-mailed link's token; the user's sessions end, this browser's included if it was theirs. */
export async function setPasswordByLink(choice: SetPasswordByLinkBody): Promise<void> {
  await apiRequest("POST", PASSWORD_RESET_CONFIRM_PATH, choice);
}
