import { UnreadMemories } from "@/components/stores/unread-memories.tsx";

// /stores/{store}/unread?days=90 – the store's memories no agent has read for 30 (default) or 90 days
export default async function StoreUnreadPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<{ days?: string }> }) {
  const { store } = await params;
  const days = Number((await searchParams).days);
  return <UnreadMemories storeId={store} days={days === 90 ? 90 : 30} />;
}
