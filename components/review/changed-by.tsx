"use client";

import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { formatVersionTime } from "@/components/versions/version-format.ts";
import { useVersion } from "@/lib/queries/use-versions.ts";

/** The newer version a refused review action names (lib/memory/review/open-item.ts: "version memver_… is newer than …"). */
const NEWER_VERSION = /version (memver_[0-9A-Za-z]+) is newer/;

export function newerVersionOf(message: string): string | null {
  return NEWER_VERSION.exec(message)?.[1] ?? null;
}

/** Who wrote the change a review action was refused for, and when: "Changed by <who> on <when>." (nothing until it is known). */
export function ChangedBy({ storeId, message }: { storeId: string; message: string }) {
  const versionId = newerVersionOf(message);
  const version = useVersion(storeId, versionId);
  if (!version.data) return null;
  return (
    <span data-testid="changed-by">
      Changed by <ActorLabel actor={version.data.created_by} /> on <time dateTime={version.data.created_at}>{formatVersionTime(version.data.created_at)}</time>.
    </span>
  );
}
