import { Link } from "wouter";

/**
 * An account's name, opening its page. Long names wrap to a second line rather than being cut: the name
 * is what people scan for.
 */
export function AccountNameLink({ id, name, href = `/accounts/${id}`, className = "", testId }: { id: number; name: string; href?: string; className?: string; testId: string }) {
  return (
    <Link
      href={href}
      className={`line-clamp-2 font-medium break-words text-slate-900 hover:text-blue-600 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none ${className}`}
      data-testid={testId}
    >
      {name}
    </Link>
  );
}
