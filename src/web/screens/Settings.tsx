import { BackfillCard } from "../components/settings/BackfillCard";
import { ShipStationCard } from "../components/settings/ShipStationCard";
import { isAdmin } from "../session/session-user";
import { useSession } from "../session/useSession";

/** The ShipStation integration for everyone to see (admins change it), and the order backfill for admins. */
export function SettingsScreen() {
  const { user } = useSession();
  const isAdministrator = user !== null && isAdmin(user);
  return (
    <section data-testid="settings-screen" className="max-w-4xl space-y-6">
      <ShipStationCard canChangeSettings={isAdministrator} />
      {/* The backfill endpoints answer 403 to everyone else. */}
      {isAdministrator && <BackfillCard />}
    </section>
  );
}
