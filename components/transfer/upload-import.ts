import { ApiError, apiUrl } from "@/lib/queries/api-client.ts";
import type { ImportResult } from "./import-types.ts";

export interface UploadOptions {
  query: Record<string, string | boolean | undefined>;
  body: Blob;
  /** Share of the body sent, 0–1; then `onSent` once the server has it all and is working. */
  onProgress?: (share: number) => void;
  onSent?: () => void;
  signal?: AbortSignal;
}

/**
 * POST /v1/imports with the file as the body. XMLHttpRequest rather than fetch: only it reports
 * upload progress. Errors come back as the API's own ApiError, as from the console's fetch client.
 */
export function uploadImport({ query, body, onProgress, onSent, signal }: UploadOptions): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl("/v1/imports", query));
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
    xhr.upload.onload = () => onSent?.();
    xhr.onerror = () => reject(new ApiError(0, "network_error", "The upload did not reach the server (network error)."));
    xhr.onabort = () => reject(new ApiError(0, "aborted", "The upload was cancelled."));
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && json) resolve(json as unknown as ImportResult);
      else reject(new ApiError(xhr.status, json?.error?.type ?? "api_error", json?.error?.message ?? `The import failed with status ${xhr.status}.`));
    };
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(body);
  });
}

function parseJson(text: string): { error?: { type?: string; message?: string } } | null {
  try {
    return JSON.parse(text) as { error?: { type?: string; message?: string } };
  } catch {
    return null;
  }
}
