export function NotFoundScreen() {
  return (
    <section data-testid="not-found-screen" className="flex justify-center pt-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-red-50 text-lg font-bold text-red-600" aria-hidden="true">
            !
          </span>
          <h2 className="text-2xl font-bold text-slate-900">404 Page Not Found</h2>
        </div>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
      </div>
    </section>
  );
}
