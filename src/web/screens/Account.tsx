import { SessionsCard } from "../components/account/SessionsCard";

/** 'My account': the signed-in user's sessions. Their password is changed from the user menu, wherever they are. */
export function AccountScreen() {
  return (
    <section data-testid="account-screen" className="max-w-4xl space-y-6">
      <SessionsCard />
    </section>
  );
}
