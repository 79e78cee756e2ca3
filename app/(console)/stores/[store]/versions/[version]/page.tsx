import { marksFromParams } from "@/components/search/search-href.ts";
import { VersionView } from "@/components/versions/version-view.tsx";

// /stores/{store}/versions/{version} – one version's content, read-only; from a search hit, ?q=&mode=&line= mark the match.
export default async function VersionPage({
  params,
  searchParams,
}: {
  params: Promise<{ store: string; version: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { store, version } = await params;
  return <VersionView storeId={store} versionId={version} searchMarks={marksFromParams(await searchParams)} />;
}
