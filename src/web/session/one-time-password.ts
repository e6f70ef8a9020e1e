/**
 * The one-time password the user has just signed in with, kept in this page's memory only, never stored:
 * the 'Choose your password' screen sends it as the current password rather than ask for it again. A reload
 * forgets it, and the screen then asks for it.
 */
let inHand: string | null = null;

export function holdOneTimePassword(password: string | null): void {
  inHand = password;
}

export function oneTimePasswordInHand(): string | null {
  return inHand;
}
