import { ApiError } from "../../api/client";

const FALLBACK_MESSAGE = "Invalid username or password";

export function loginFailureMessage(error: unknown): string {
  return (error instanceof ApiError && error.serverMessage) || FALLBACK_MESSAGE;
}
