export function AccountsScreen() {
  return <section data-testid="accounts-screen" />;
}
