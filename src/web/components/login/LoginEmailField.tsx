import { useRef, useState } from "react";

/**
 * The e-mail input of the login form. Filled in with the e-mail this browser last signed in with, it starts
 * read-only because staff almost always sign in with the same address; a link-button unlocks it. Empty, it
 * is to be typed in.
 */
export function LoginEmailField({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  const [isEditable, setIsEditable] = useState(value === "");
  const inputRef = useRef<HTMLInputElement>(null);

  function unlock() {
    setIsEditable(true);
    inputRef.current?.focus();
    inputRef.current?.select();
  }

  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor="login-email" className="block text-sm font-medium text-slate-700">
          Email
        </label>
        {!isEditable && (
          <button
            type="button"
            onClick={unlock}
            className="rounded text-xs font-medium text-blue-600 hover:text-blue-700 hover:underline focus:ring-2 focus:ring-blue-500 focus:outline-none"
          >
            Use a different e-mail
          </button>
        )}
      </div>
      <input
        ref={inputRef}
        id="login-email"
        name="email"
        type="email"
        required
        readOnly={!isEditable}
        autoComplete="username"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-slate-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/20 focus:outline-none read-only:bg-slate-50 read-only:text-slate-600"
      />
    </div>
  );
}
