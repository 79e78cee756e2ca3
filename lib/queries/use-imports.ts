"use client";

import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** Import reports, newest first (the first 100). */
export function useImports() {
  return useQuery({
    queryKey: queryKeys.imports.all,
    queryFn: ({ signal }) => apiClient.call("listImports", { query: { limit: 100 }, signal }),
  });
}

/** One import report with every version it wrote. */
export function useImportReport(importId: string) {
  return useQuery({
    queryKey: queryKeys.imports.one(importId),
    queryFn: ({ signal }) => apiClient.call("retrieveImport", { params: { import: importId }, signal }),
  });
}
