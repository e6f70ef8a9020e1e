import { InitialsAvatar } from "../../ui/InitialsAvatar";

export function UserAvatar({ name }: { name: string }) {
  return <InitialsAvatar name={name} />;
}
