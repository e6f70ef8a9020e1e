import type { PublicUser } from "../users/users.ts";

/** Who made a change: a signed-in user, or a part of the system acting on its own. */
export interface Actor {
  userId: number | null;
  name: string;
}

export const actorOf = (user: PublicUser): Actor => ({ userId: user.id, name: user.name });

export const COMMAND_LINE: Actor = { userId: null, name: "Command line" };

/** The product acting on its own: a ShipStation delivery, the daily pass of the activity rules. */
export const SYSTEM: Actor = { userId: null, name: "System" };
