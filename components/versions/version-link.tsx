import Link from "next/link";

/** A version's id as a link to its page (not prefetched: reports and dry runs list thousands). */
export function VersionLink({ storeId, versionId, className = "" }: { storeId: string; versionId: string; className?: string }) {
  return (
    <Link
      prefetch={false}
      className={`font-mono text-indigo-700 hover:underline ${className}`}
      href={`/stores/${encodeURIComponent(storeId)}/versions/${encodeURIComponent(versionId)}`}
    >
      {versionId}
    </Link>
  );
}
