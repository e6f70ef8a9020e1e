import { BackfillCard } from "../components/settings/BackfillCard";
import { BackupsCard } from "../components/settings/BackupsCard";
import { CustomerLifecycleCard } from "../components/settings/CustomerLifecycleCard";
import { ShipStationCard } from "../components/settings/ShipStationCard";
import { TaskAutomationCard } from "../components/settings/TaskAutomationCard";
import { TeamMembersCard } from "../components/settings/TeamMembersCard";
import { isAdmin } from "../session/session-user";
import { useSession } from "../session/useSession";

/**
 * The ShipStation integration, the customer lifecycle, the task automation and the team for everyone to see (admins change them),
 * and the order backfill and the backups for admins.
 */
export function SettingsScreen() {
  const { user } = useSession();
  const isAdministrator = user !== null && isAdmin(user);
  return (
    <section data-testid="settings-screen" className="max-w-4xl space-y-6">
      <ShipStationCard canChangeSettings={isAdministrator} />
      {/* The backfill endpoints answer 403 to everyone else. */}
      {isAdministrator && <BackfillCard />}
      <CustomerLifecycleCard canChangeSettings={isAdministrator} />
      <TaskAutomationCard canChangeSettings={isAdministrator} />
      {/* The backup endpoints answer 403 to everyone else. */}
      {isAdministrator && <BackupsCard />}
      {user && <TeamMembersCard signedInUserId={user.id} canManageTeam={isAdministrator} />}
    </section>
  );
}
