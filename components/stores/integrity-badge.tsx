"use client";

import Link from "next/link";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { useStoreIntegrity } from "@/lib/queries/use-integrity.ts";

/**
 * The store's history chain, verified on the server (GET /v1/integrity/{store}): "History
 * verified · <time>", or where it broke, linked to that version; the badge itself links to the
 * report of what was verified (/stores/{store}/integrity). Admins only; nothing for others.
 */
export function IntegrityBadge({ storeId }: { storeId: string }) {
  const { isAdmin } = usePermissions();
  const report = useStoreIntegrity(storeId, isAdmin);
  if (!isAdmin || !report.data) return null;
  const r = report.data;
  const reportHref = `/stores/${storeId}/integrity`;
  if (r.status === "verified")
    return (
      <Link href={reportHref} data-testid="integrity-badge" className="rounded-full hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
        <Badge tone="green" title={`${r.versions_checked} versions recomputed${r.redaction_count ? `, ${r.redaction_count} redacted` : ""}; open the report`}>
          History verified · <LocalTime iso={r.verified_at} className="ml-1" />
        </Badge>
      </Link>
    );
  return (
    <span data-testid="integrity-badge" className="inline-flex flex-wrap items-center gap-1">
      <Link href={reportHref} className="rounded-full hover:underline">
        <Badge tone="red" title={r.break?.problem}>
          History broken
        </Badge>
      </Link>
      {r.first_broken_version_id && (
        <Link href={`/stores/${storeId}/versions/${r.first_broken_version_id}`} className="font-mono text-xs text-red-700 underline">
          at {r.first_broken_version_id}
        </Link>
      )}
      <span className="text-xs text-red-700">{r.break?.problem}</span>
    </span>
  );
}
