export function AccountDetailScreen() {
  return <section data-testid="account-detail-screen" />;
}
