export function ListsScreen() {
  return <section data-testid="lists-screen" />;
}
