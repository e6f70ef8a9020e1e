import { useLocation } from "wouter";
import { FORGOT_PASSWORD_SCREEN_PATH, SET_PASSWORD_SCREEN_PATH } from "../contracts/auth.ts";
import { useAppConfig } from "./api/app-config";
import { AppRoutes } from "./AppRoutes";
import { FullPageSpinner } from "./ui/FullPageSpinner";
import { ChangePasswordDialog } from "./components/account/ChangePasswordDialog";
import { Shell } from "./components/shell/Shell";
import { ChoosePasswordScreen } from "./screens/ChoosePassword";
import { ForgotPasswordScreen } from "./screens/ForgotPassword";
import { LoginScreen } from "./screens/Login";
import { SetPasswordScreen } from "./screens/SetPassword";
import { useSession, useSignOutWhenSessionEnds } from "./session/useSession";
import { useDocumentTitle } from "./useDocumentTitle";

/**
 * Shows the login screen whenever nobody is signed in, whatever the URL but "Forgot password?"'s; an e-mailed
 * link's screen to choose a password whoever is signed in (the link is for its own user); 'Choose your password' while the
 * user's password is a one-time one (the server refuses them everything else); the routed screens otherwise,
 * in the shell, which it gives the account feature's 'Change password' dialog for the user menu.
 */
export function App() {
  const { user, isLoading: isSessionLoading } = useSession();
  useSignOutWhenSessionEnds();
  const { config, isLoading: isConfigLoading } = useAppConfig();
  const [location] = useLocation();
  useDocumentTitle(config?.productName);

  if (isSessionLoading || isConfigLoading) return <FullPageSpinner />;
  if (location === SET_PASSWORD_SCREEN_PATH) return <SetPasswordScreen />;
  if (!user) return location === FORGOT_PASSWORD_SCREEN_PATH ? <ForgotPasswordScreen /> : <LoginScreen />;
  if (user.mustChangePassword) return <ChoosePasswordScreen />;
  return (
    <Shell ChangePasswordDialog={ChangePasswordDialog}>
      <AppRoutes user={user} />
    </Shell>
  );
}
