"use client";

import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** The console's workspace's usage over the last `days` days (GET /v1/usage; reviewers and admins). */
export function useUsage(days: number) {
  return useQuery({
    queryKey: queryKeys.usage(days),
    queryFn: ({ signal }) => apiClient.call("retrieveUsage", { query: { days }, signal }),
    // Counters move with every write anywhere in the workspace; a minute old is recent enough for a chart of days.
    staleTime: 60_000,
  });
}
