"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";
import { ApiError } from "@/lib/queries/api-client.ts";
import { ChangedBy } from "./changed-by.tsx";

/** A refused review action: the server's message, and for a conflict what it means and (given the store) who made the newer change. */
export function ReviewError({ error, storeId }: { error: Error; storeId?: string }) {
  if (error instanceof ApiError && error.type === "memory_path_conflict_error") {
    return <Alert title="That path is taken">{error.message}</Alert>;
  }
  if (error instanceof ApiError && error.status === 409) {
    return (
      <Alert title="Not applied: the memory changed">
        <p>{error.message}</p>
        {storeId && (
          <p className="mt-1">
            <ChangedBy storeId={storeId} message={error.message} />
          </p>
        )}
        <p className="mt-1 text-xs opacity-80">Nothing was changed. The inbox shows the memory as it is now: look at the change again, then decide.</p>
      </Alert>
    );
  }
  return <ErrorAlert error={error} title={error instanceof ApiError && error.status < 500 ? "Refused by the server" : undefined} />;
}
