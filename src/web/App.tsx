import { useAppConfig } from "./api/app-config";
import { AppRoutes } from "./AppRoutes";
import { FullPageSpinner } from "./ui/FullPageSpinner";
import { ChangePasswordDialog } from "./components/account/ChangePasswordDialog";
import { Shell } from "./components/shell/Shell";
import { ChoosePasswordScreen } from "./screens/ChoosePassword";
import { LoginScreen } from "./screens/Login";
import { useSession, useSignOutWhenSessionEnds } from "./session/useSession";
import { useDocumentTitle } from "./useDocumentTitle";

/**
 * Shows the login screen whenever nobody is signed in, whatever the URL; 'Choose your password' while the
 * user's password is a one-time one (the server refuses them everything else); the routed screens otherwise,
 * in the shell, which it gives the account feature's 'Change password' dialog for the user menu.
 */
export function App() {
  const { user, isLoading: isSessionLoading } = useSession();
  useSignOutWhenSessionEnds();
  const { config, isLoading: isConfigLoading } = useAppConfig();
  useDocumentTitle(config?.productName);

  if (isSessionLoading || isConfigLoading) return <FullPageSpinner />;
  if (!user) return <LoginScreen />;
  if (user.mustChangePassword) return <ChoosePasswordScreen />;
  return (
    <Shell ChangePasswordDialog={ChangePasswordDialog}>
      <AppRoutes user={user} />
    </Shell>
  );
}
