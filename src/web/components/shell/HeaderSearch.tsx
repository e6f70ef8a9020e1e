import { SearchIcon } from "../icons";

export function HeaderSearch() {
  return (
    <div className="relative hidden w-56 sm:block lg:w-80">
      <label htmlFor="header-search" className="sr-only">
        Search
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id="header-search"
        type="search"
        placeholder="Search accounts, contacts, orders..."
        autoComplete="off"
        className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-500 focus:bg-white focus:ring-2 focus:ring-blue-500/20 focus:outline-none"
      />
    </div>
  );
}
