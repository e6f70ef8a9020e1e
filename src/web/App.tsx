import { useAppConfig } from "./api/app-config";
import { AppRoutes } from "./AppRoutes";
import { FullPageSpinner } from "./components/FullPageSpinner";
import { Shell } from "./components/shell/Shell";
import { LoginScreen } from "./screens/Login";
import { useSession, useSignOutWhenSessionEnds } from "./session/useSession";
import { useDocumentTitle } from "./useDocumentTitle";

/** Shows the login screen whenever nobody is signed in, whatever the URL; the routed screens otherwise. */
export function App() {
  const { user, isLoading: isSessionLoading } = useSession();
  useSignOutWhenSessionEnds();
  const { config, isLoading: isConfigLoading } = useAppConfig();
  useDocumentTitle(config?.productName);

  if (isSessionLoading || isConfigLoading) return <FullPageSpinner />;
  if (!user) return <LoginScreen />;
  return (
    <Shell>
      <AppRoutes />
    </Shell>
  );
}
