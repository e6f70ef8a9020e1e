import { AuditTrail } from "../components/audit/AuditTrail";
import { isAdmin } from "../session/session-user";
import { useSession } from "../session/useSession";
import { NotAllowed } from "../ui/NotAllowed";

/** The audit trail, for administrators; anyone else is told it is not theirs to see. */
export function AuditScreen() {
  const { user } = useSession();
  if (!user || !isAdmin(user)) return <NotAllowed what="the audit trail" />;
  return (
    <div className="max-w-full min-w-0" data-testid="audit-screen">
      <AuditTrail />
    </div>
  );
}
