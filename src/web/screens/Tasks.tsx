export function TasksScreen() {
  return <section data-testid="tasks-screen" />;
}
