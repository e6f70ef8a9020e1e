/**
 * A link is active when the path starts with its href. Accounts is the exception:
 * it matches only the list itself ('/' shows the list too), not an account's page.
 */
export function isNavLinkActive(href: string, pathname: string): boolean {
  if (href === "/accounts") return pathname === "/accounts" || pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
