import { PrefetchLink } from "@/components/ui/prefetch-link.tsx";

export type PathBreadcrumbsProps = {
  storeId: string;
  storeName: string;
  /** A folder prefix (`/`, `/a/b/`) or a memory path (`/a/b/c.md`, shown last, not linked). */
  path: string;
};

/** Stores › store › each folder of the path (each opens the store page at that folder). */
export function PathBreadcrumbs({ storeId, storeName, path }: PathBreadcrumbsProps) {
  const segments = path.split("/").slice(1);
  const leaf = path.endsWith("/") ? null : segments.pop();
  const folders = segments.filter(Boolean).map((name, i, all) => ({ name, prefix: "/" + all.slice(0, i + 1).join("/") + "/" }));
  return (
    <nav aria-label="Breadcrumbs" className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-slate-600">
      <PrefetchLink href="/stores" className="hover:underline">
        Stores
      </PrefetchLink>
      <span aria-hidden>›</span>
      <PrefetchLink href={`/stores/${storeId}`} className="font-medium text-slate-800 hover:underline">
        {storeName}
      </PrefetchLink>
      {folders.map((folder) => (
        <span key={folder.prefix} className="flex items-center gap-1">
          <span aria-hidden>/</span>
          <PrefetchLink href={`/stores/${storeId}?prefix=${encodeURIComponent(folder.prefix)}`} className="hover:underline">
            {folder.name}
          </PrefetchLink>
        </span>
      ))}
      {leaf !== null && leaf !== undefined && (
        <span className="flex items-center gap-1">
          <span aria-hidden>/</span>
          <span aria-current="page" className="font-medium text-slate-900">
            {leaf}
          </span>
        </span>
      )}
    </nav>
  );
}
