import { PolicyPage } from "@/components/policies/policy-page.tsx";

// /stores/{store}/policy – the store's write policy: detectors, protected paths, caps, expiry, with a dry run (admins edit).
export default async function StorePolicyPage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return <PolicyPage storeId={store} />;
}
