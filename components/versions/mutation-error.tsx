"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { ApiError } from "@/lib/queries/api-client.ts";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

/** A failed restore or redact, explained: the API's message plus what it means and what to do. */
export function MutationError({ storeId, error }: { storeId: string; error: Error }) {
  if (error instanceof ApiError && error.type === "memory_precondition_failed_error") {
    return (
      <Alert title="The memory changed since this history was loaded">
        <p>
          Someone saved a new version meanwhile; nothing was overwritten. The history now shows the latest versions: check them, then restore again if you still
          want to.
        </p>
        <p className="mt-1 text-xs opacity-80">{error.message}</p>
      </Alert>
    );
  }
  if (error instanceof ApiError && error.type === "memory_path_conflict_error" && error.details.conflicting_path) {
    return (
      <Alert title="That path is taken">
        <p>
          Another live memory is in the way:{" "}
          <Link prefetch={false} className="font-mono underline" href={`/stores/${storeId}/memories/${error.details.conflicting_memory_id}`}>
            {error.details.conflicting_path}
          </Link>
          . Choose another path, or move or delete that memory first.
        </p>
        <p className="mt-1 text-xs opacity-80">{error.message}</p>
      </Alert>
    );
  }
  return <ErrorAlert error={error} title={error instanceof ApiError && error.status === 409 ? "Refused by the server" : undefined} />;
}
