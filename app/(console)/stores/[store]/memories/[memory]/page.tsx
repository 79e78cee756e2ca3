import { MemoryView } from "./_components/memory-view.tsx";

// /stores/{store_id}/memories/{memory_id} – one memory: editor, rename, delete, history.
export default async function MemoryPage({ params }: { params: Promise<{ store: string; memory: string }> }) {
  const { store, memory } = await params;
  return <MemoryView storeId={store} memoryId={memory} />;
}
