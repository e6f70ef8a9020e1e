import { AuditRetentionCard } from "../components/settings/AuditRetentionCard";
import { BackfillCard } from "../components/settings/BackfillCard";
import { BackupCopiesCard } from "../components/settings/BackupCopiesCard";
import { BackupsCard } from "../components/settings/BackupsCard";
import { MailboxesCard } from "../components/settings/MailboxesCard";
import { UnmatchedEmailCard } from "../components/settings/UnmatchedEmailCard";
import { CustomerLifecycleCard } from "../components/settings/CustomerLifecycleCard";
import { RecycleBinCard } from "../components/settings/RecycleBinCard";
import { ShipStationCard } from "../components/settings/ShipStationCard";
import { TaskAutomationCard } from "../components/settings/TaskAutomationCard";
import { TeamMembersCard } from "../components/settings/TeamMembersCard";
import { isAdmin } from "../session/session-user";
import { useSession } from "../session/useSession";

/**
 * The ShipStation integration, the customer lifecycle, the task automation and the team for everyone to see (admins change them),
 * the e-mail no account has and the recycle bin for everyone, and the mailboxes, the order backfill, the backups, their off-site
 * copies and the audit trail's retention for admins.
 */
export function SettingsScreen() {
  const { user } = useSession();
  const isAdministrator = user !== null && isAdmin(user);
  return (
    <section data-testid="settings-screen" className="max-w-4xl space-y-6">
      <ShipStationCard canChangeSettings={isAdministrator} />
      {/* The backfill endpoints answer 403 to everyone else. */}
      {isAdministrator && <BackfillCard />}
      {/* The mailboxes' endpoints answer 403 to everyone else: their servers and users are the administrators' business. */}
      {isAdministrator && <MailboxesCard />}
      <UnmatchedEmailCard />
      <CustomerLifecycleCard canChangeSettings={isAdministrator} />
      <TaskAutomationCard canChangeSettings={isAdministrator} />
      {user && <TeamMembersCard signedInUserId={user.id} canManageTeam={isAdministrator} />}
      <RecycleBinCard />
      {/* Backups are the administrators' alone: their endpoints answer 403 to everyone else. */}
      {isAdministrator && <BackupsCard />}
      {isAdministrator && <BackupCopiesCard />}
      {/* The retention's endpoints answer 403 to everyone else. */}
      {isAdministrator && <AuditRetentionCard />}
    </section>
  );
}
