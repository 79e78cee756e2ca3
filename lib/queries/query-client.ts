import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

/**
 * One QueryClient per browser session. staleTime 10 s: memory stores change under agents, so
 * views refresh on focus and remount, but quick navigation back and forth reuses what is loaded.
 * 4xx answers are final (retrying a 404 or 409 cannot help); other failures retry twice.
 */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
