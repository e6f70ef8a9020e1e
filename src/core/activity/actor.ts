import type { PublicUser } from "../users/users.ts";

/** Who made a change: a signed-in user, or a part of the system acting on its own. */
export interface Actor {
  userId: number | null;
  name: string;
}

export const actorOf = (user: PublicUser): Actor => ({ userId: user.id, name: user.name });

export const COMMAND_LINE: Actor = { userId: null, name: "Command line" };
