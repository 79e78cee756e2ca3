import Link from "next/link";

// Any path the app does not serve: the console's own page, not the framework's bare 404.
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-4 py-12">
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="not-found">
        <p className="text-sm font-medium text-indigo-600">404</p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900">This page does not exist</h1>
        <p className="mt-2 text-sm text-slate-600">
          The link may be mistyped, or what it pointed to was deleted. Memories, stores and versions each have their own page under Stores.
        </p>
        <div className="mt-4 flex flex-wrap gap-3 text-sm">
          <Link href="/stores" className="rounded-md bg-indigo-600 px-3.5 py-2 font-medium text-white hover:bg-indigo-500">
            Go to the stores
          </Link>
          <Link href="/search" className="rounded-md px-3.5 py-2 font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
            Search memories
          </Link>
        </div>
      </div>
    </main>
  );
}

export const metadata = { title: "Page not found · Memory Console" };
