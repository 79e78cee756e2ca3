import { operationUrl } from "@/lib/api-client/client.ts";
import type { QueryOf } from "@/lib/api-client/operation-types.ts";
import { ApiError } from "@/lib/queries/api-client.ts";
import type { ImportResult } from "./import-types.ts";

export interface UploadOptions {
  query: QueryOf<"importUpload">;
  body: Blob;
  /** Share of the body sent, 0–1; then `onSent` once the server has it all and is working. */
  onProgress?: (share: number) => void;
  onSent?: () => void;
  /** With `progress: true` in the query: memories written on the server so far, of how many. */
  onWritten?: (written: number, total: number) => void;
  signal?: AbortSignal;
}

type Line = { type?: string; written?: number; total?: number; error?: { type?: string; message?: string } };

/**
 * POST /v1/imports with the file as the body. XMLHttpRequest rather than fetch: only it reports
 * upload progress. With `progress: true` the answer is JSON Lines (progress, then the result or
 * the error envelope), read as it arrives. Errors come back as the API's own ApiError.
 */
export function uploadImport({ query, body, onProgress, onSent, onWritten, signal }: UploadOptions): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", operationUrl("importUpload", { query }));
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    xhr.upload.onload = () => onSent?.();
    let seen = 0;
    xhr.onprogress = () => {
      const lines = xhr.responseText.split("\n");
      for (const text of lines.slice(seen, -1)) {
        const line = parseJson(text);
        if (line?.type === "import_progress") onWritten?.(line.written ?? 0, line.total ?? 0);
      }
      seen = Math.max(seen, lines.length - 1);
    };
    xhr.onerror = () => reject(new ApiError(0, "network_error", "The upload did not reach the server (network error)."));
    xhr.onabort = () => reject(new ApiError(0, "aborted", "The upload was cancelled."));
    xhr.onload = () => {
      const streamed = (xhr.getResponseHeader("content-type") ?? "").includes("ndjson");
      const json = parseJson(streamed ? xhr.responseText.trim().split("\n").pop()! : xhr.responseText);
      const failed = xhr.status < 200 || xhr.status >= 300 || !json || json.type === "error";
      if (!failed) resolve(json as unknown as ImportResult);
      else reject(new ApiError(xhr.status, json?.error?.type ?? "api_error", json?.error?.message ?? `The import failed with status ${xhr.status}.`));
    };
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(body);
  });
}

function parseJson(text: string): Line | null {
  try {
    return JSON.parse(text) as Line;
  } catch {
    return null;
  }
}
