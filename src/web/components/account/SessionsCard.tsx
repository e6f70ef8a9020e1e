import { CardTableHead } from "../../ui/CardTableHead";
import { useState } from "react";
import { useMySessions, type UserSession } from "../../api/my-sessions";
import { useWrite } from "../../ui/use-write";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { ShieldIcon, SignOutIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { SettingsCard } from "../../ui/SettingsCard";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../useMediaQuery";
import { describeBrowser } from "./session-display";

const COLUMNS = ["Browser", "Address", "Signed in", "Last active"] as const;

/**
 * The browsers the user is signed in on, the latest used first, each with 'Sign out' but this one, and
 * 'Sign out other sessions' for a lost laptop or a shared computer left signed in. A table on wide
 * screens; on a phone, where its five columns cannot fit, a card per session.
 */
export function SessionsCard() {
  const { sessions, error, retry, endSession, endOtherSessions } = useMySessions();
  const { run, isPending } = useWrite({ failureMessage: "Failed to sign out the session" });
  const [endingId, setEndingId] = useState<number | "others" | null>(null);
  const hasOthers = sessions?.some((session) => !session.current) ?? false;
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);

  function end(session: UserSession) {
    setEndingId(session.id);
    void run(() => endSession(session.id), { success: { title: "Signed Out", description: `${describeBrowser(session.browser)} is signed out.` } });
  }

  function endOthers() {
    setEndingId("others");
    void run(endOtherSessions, { success: { title: "Signed Out", description: "Every other session is signed out." } });
  }

  return (
    <SettingsCard
      title="My Sessions"
      description="Where you are signed in. Sign out any browser you do not recognise, then change your password."
      icon={ShieldIcon}
      testId="my-sessions-card"
      action={
        <Button icon={SignOutIcon} onClick={endOthers} disabled={!hasOthers || isPending} data-testid="end-other-sessions-button">
          {isPending && endingId === "others" ? "Signing out..." : "Sign out other sessions"}
        </Button>
      }
    >
      {!sessions && error ? (
        <LoadError title="Your sessions could not be loaded." error={error} onRetry={retry} compact />
      ) : isWide ? (
        <div className="-m-4 overflow-x-auto sm:-m-6">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="my-sessions-table" aria-busy={sessions === undefined}>
            <CardTableHead columns={COLUMNS} actionsLabel="Sign out" />
            <tbody className="divide-y divide-slate-100">
              {sessions?.map((session) => (
                <tr key={session.id} data-testid="my-session-row" data-current={session.current}>
                  <td className="px-4 py-3 font-medium text-slate-900 sm:pl-6" title={session.browser ?? undefined}>
                    {describeBrowser(session.browser)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{session.address ?? "Unknown"}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatUsDateTime(session.createdAt)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatUsDateTime(session.lastSeenAt)}</td>
                  <td className="px-4 py-3 text-right sm:pr-6">
                    <SignOutOrCurrent session={session} isEnding={isPending && endingId === session.id} disabled={isPending} onEnd={() => end(session)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="-m-4 divide-y divide-slate-100" data-testid="my-session-cards" aria-busy={sessions === undefined}>
          {sessions?.map((session) => (
            <li key={session.id} className="space-y-1 px-4 py-3 text-sm" data-testid="my-session-card" data-current={session.current}>
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 font-medium break-words text-slate-900" title={session.browser ?? undefined}>
                  {describeBrowser(session.browser)}
                </p>
                <div className="shrink-0">
                  <SignOutOrCurrent session={session} isEnding={isPending && endingId === session.id} disabled={isPending} onEnd={() => end(session)} />
                </div>
              </div>
              <p className="text-xs break-words text-slate-500">{session.address ?? "Unknown address"}</p>
              <p className="text-xs text-slate-500">
                Signed in {formatUsDateTime(session.createdAt)} · Last active {formatUsDateTime(session.lastSeenAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

/** 'This browser' for the session in use, else its Sign out button. */
function SignOutOrCurrent({ session, isEnding, disabled, onEnd }: { session: UserSession; isEnding: boolean; disabled: boolean; onEnd: () => void }) {
  return session.current ? (
    <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-blue-700">This browser</span>
  ) : (
    <Button size="sm" onClick={onEnd} disabled={disabled} aria-label={`Sign out ${describeBrowser(session.browser)}`}>
      {isEnding ? "Signing out..." : "Sign out"}
    </Button>
  );
}
