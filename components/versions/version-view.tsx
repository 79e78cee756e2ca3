"use client";

import Link from "next/link";
import { useRef } from "react";
import { MemoryEditor, type MemoryEditorHandle } from "@/components/editor/memory-editor.tsx";
import type { SearchMarks } from "@/components/editor/search-marks.ts";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { PageHeader } from "@/components/ui/card.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import { Spinner } from "@/components/ui/states.tsx";
import { usePageTitle } from "@/components/ui/use-page-title.ts";
import type { MemoryVersion } from "@/lib/queries/types.ts";
import { useStore } from "@/lib/queries/use-stores.ts";
import { useHistoryMemory, useVersion } from "@/lib/queries/use-versions.ts";
import { ActorLabel } from "./actor-name.tsx";
import { ImportedNote } from "./imported-note.tsx";
import { formatVersionTime } from "./version-format.ts";
import { VersionPageActions } from "./version-page-actions.tsx";
import { VersionReaders } from "./version-readers.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

export type VersionViewProps = { storeId: string; versionId: string; searchMarks?: SearchMarks | null };

const ignore = () => {};

/** One stored version as it was written: its content read-only in Monaco (with a search hit marked), who wrote it and when. */
export function VersionView({ storeId, versionId, searchMarks }: VersionViewProps) {
  const store = useStore(storeId);
  const version = useVersion(storeId, versionId);
  usePageTitle([version.data ? `${version.data.path ?? version.data.id} (version)` : null, store.data?.name]);
  const editorRef = useRef<MemoryEditorHandle | null>(null);
  if (version.isLoading) return <Spinner label="Loading version…" />;
  if (version.error || !version.data) return <ErrorAlert error={version.error ?? new Error("Nothing came back.")} title="Could not load this version" />;
  const v = version.data;
  const history = `/stores/${storeId}/versions?memory_id=${encodeURIComponent(v.memory_id)}`;
  return (
    <div className="space-y-4">
      <PageHeader
        title={<span className="font-mono">{v.path ?? v.id}</span>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={v.operation === "deleted" ? "red" : v.operation === "created" ? "green" : "indigo"}>{v.operation}</Badge>
            {v.redacted_at && <Badge tone="red">redacted</Badge>}
            {v.imported && <Badge tone="amber">{v.imported.copied_from_memory_store_id ? "copied" : "imported"}</Badge>}
            <span>
              version <span className="font-mono text-xs">{v.id}</span> of memory <span className="font-mono text-xs">{v.memory_id}</span>
              {store.data && <> in {store.data.name}</>} · {formatVersionTime(v.created_at)} by <ActorLabel actor={v.created_by} /> ·{" "}
              {formatBytes(v.content_size_bytes)}
            </span>
            <ImportedNote version={v} />
          </span>
        }
        actions={
          <>
            <Link prefetch={false} className="text-sm text-indigo-600 hover:underline" href={`/stores/${storeId}/memories/${v.memory_id}`}>
              Current memory
            </Link>
            <Link className="text-sm text-indigo-600 hover:underline" href={history}>
              History
            </Link>
          </>
        }
      />
      <VersionPageActions storeId={storeId} version={v} archived={!!store.data?.archived_at} />
      {v.redacted_at ? (
        <Alert tone="warning" title="Redacted">
          This version&apos;s content and path were erased on {formatVersionTime(v.redacted_at)} by <ActorLabel actor={v.redacted_by} />.
        </Alert>
      ) : v.content == null ? (
        <Alert tone="info">This version records the deletion of the memory; it has no content.</Alert>
      ) : (
        <>
          <VersionNotice storeId={storeId} version={v} />
          <MemoryEditor path={v.path ?? ""} initialText={v.content} onTextChange={ignore} handleRef={editorRef} readOnly searchMarks={searchMarks} />
        </>
      )}
      {v.operation !== "deleted" && <VersionReaders storeId={storeId} versionId={v.id} />}
    </div>
  );
}

/**
 * Read-only either way: the head is edited on the memory's page, an older version is brought back
 * by restoring it. Whether this is the head comes from the query the page's actions make already.
 */
function VersionNotice({ storeId, version }: { storeId: string; version: MemoryVersion }) {
  const live = useHistoryMemory(storeId, version.memory_id);
  const currentHref = `/stores/${storeId}/memories/${version.memory_id}`;
  if (live.isLoading) return <Alert tone="info">A stored version, read-only.</Alert>;
  if (live.memory?.memory_version_id === version.id) {
    return (
      <Alert tone="info">
        The memory&apos;s current version, read-only here.{" "}
        <Link className="text-indigo-700 underline" href={currentHref}>
          Edit the memory
        </Link>{" "}
        to change it.
      </Alert>
    );
  }
  return <Alert tone="info">An old version, read-only. To bring it back, restore it.</Alert>;
}
