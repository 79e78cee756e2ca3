import { PageHeader } from "@/components/ui/card.tsx";

export default function StoresPage() {
  return <PageHeader title="Memory stores" description="Stores appear here." />;
}
