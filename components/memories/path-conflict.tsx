import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { ApiError } from "@/lib/queries/api-client.ts";

export type ApiErrorAlertProps = { storeId: string; error: Error };

/** An API error; a path conflict names the memory in the way, linked to its page. */
export function ApiErrorAlert({ storeId, error }: ApiErrorAlertProps) {
  if (error instanceof ApiError && error.type === "memory_path_conflict_error" && error.details.conflicting_path) {
    const { conflicting_path, conflicting_memory_id } = error.details;
    return (
      <Alert title="That path is taken">
        <p>{error.message}</p>
        <p className="mt-1" data-testid="conflicting-path">
          In the way:{" "}
          {conflicting_memory_id ? (
            <Link href={`/stores/${storeId}/memories/${conflicting_memory_id}`} className="font-mono underline">
              {conflicting_path}
            </Link>
          ) : (
            <span className="font-mono">{conflicting_path}</span>
          )}
        </p>
      </Alert>
    );
  }
  return <Alert>{error.message}</Alert>;
}
