export function SettingsScreen() {
  return <section data-testid="settings-screen" />;
}
