import type { PublicUser } from "../users/users.ts";
import type { ActorSource } from "../../contracts/audit.ts";

/**
 * Who made a change: a signed-in user, or a part of the system acting on its own, and how the change came
 * (the audit trail tells a user's own edit from an import they started, or the webhook from the backfill).
 */
export interface Actor {
  userId: number | null;
  name: string;
  source: ActorSource;
}

export const actorOf = (user: PublicUser): Actor => ({ userId: user.id, name: user.name, source: "user" });

export const COMMAND_LINE: Actor = { userId: null, name: "Command line", source: "command_line" };

/** The product acting on its own: the daily pass of the activity rules, the upgrades of stored data. */
export const SYSTEM: Actor = { userId: null, name: "System", source: "system" };

/** The same person or process, writing through an import, a ShipStation delivery or a backfill. */
export const through = (actor: Actor, source: "import" | "webhook" | "backfill"): Actor => ({ ...actor, source });
