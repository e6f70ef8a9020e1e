import { AuditRetentionCard } from "../components/settings/AuditRetentionCard";
import { BackfillCard } from "../components/settings/BackfillCard";
import { CustomerLifecycleCard } from "../components/settings/CustomerLifecycleCard";
import { ShipStationCard } from "../components/settings/ShipStationCard";
import { TaskAutomationCard } from "../components/settings/TaskAutomationCard";
import { TeamMembersCard } from "../components/settings/TeamMembersCard";
import { isAdmin } from "../session/session-user";
import { useSession } from "../session/useSession";

/**
 * The ShipStation integration, the customer lifecycle, the task automation and the team for everyone to see (admins change them),
 * and the order backfill and the audit trail's retention for admins.
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
      {user && <TeamMembersCard signedInUserId={user.id} canManageTeam={isAdministrator} />}
      {/* The retention's endpoints answer 403 to everyone else. */}
      {isAdministrator && <AuditRetentionCard />}
    </section>
  );
}
