import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../contracts/auth.ts";
import { invalid } from "../errors.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

/**
 * Refuses a password somebody chose, naming `field` (the input it came in): shorter than
 * PASSWORD_MIN_LENGTH or longer than PASSWORD_MAX_LENGTH, the user's e-mail address or its part before the
 * @, or one of the most common passwords, whatever its case; those are what an attacker tries first.
 */
export function checkChosenPassword(field: string, password: string, email: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw invalid(field, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH) throw invalid(field, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`);
  const guess = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (guess === address || guess === address.split("@")[0]) throw invalid(field, `${field} must not be the e-mail address`);
  if (COMMON_PASSWORDS.has(guess)) throw invalid(field, `${field} is one of the most common passwords: choose one that is harder to guess`);
}
