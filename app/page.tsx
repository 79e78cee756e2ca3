export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Memory Console</h1>
      <p className="mt-2 text-slate-600">The Memory Stores API is served under /v1.</p>
    </main>
  );
}
