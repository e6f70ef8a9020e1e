import type { ReactNode } from "react";
import { useAppConfig } from "../../api/app-config";
import { LockIcon } from "../../ui/icons";

/** The page around signing in and choosing a password: the product's name over a card, nothing else of the app. */
export function SignInFrame({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { config } = useAppConfig();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-linear-to-br from-slate-100 via-white to-blue-50 px-4 py-12">
      <main className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-xl shadow-slate-200/60">
          <div className="mb-8 text-center">
            <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-xl bg-blue-600 text-white">
              <LockIcon className="size-6" />
            </span>
            <h1 className="text-2xl font-bold text-slate-900">{config?.productName}</h1>
            <p className="mt-1 text-sm text-slate-500">{subtitle}</p>
          </div>
          {children}
        </div>
        <p className="mt-6 text-center text-xs text-slate-500">
          © {new Date().getFullYear()} {config?.companyName} Admin Portal
        </p>
      </main>
    </div>
  );
}
