import { initials } from "../format/initials";

const SIZES = { sm: "size-8 text-xs", md: "size-9 text-sm", lg: "size-12 text-base" } as const;
const TONES = { blue: "bg-blue-100 text-blue-700", grey: "bg-slate-100 text-slate-600", faded: "bg-slate-200 text-slate-500" } as const;

/** A person's or an account's initials in a circle, beside the name it stands for (so hidden from screen readers). */
export function InitialsAvatar({ name, size = "md", tone = "blue" }: { name: string; size?: keyof typeof SIZES; tone?: keyof typeof TONES }) {
  return (
    <span aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-full font-semibold ${SIZES[size]} ${TONES[tone]}`}>
      {initials(name)}
    </span>
  );
}
