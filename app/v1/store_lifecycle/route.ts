// GET /v1/store_lifecycle – the workspace's lifecycle rule and its next sweep's preview; POST – set it (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeLifecycleWire } from "@/lib/http/store-lifecycle-wire.ts";
import { getLifecycleRule, previewLifecycleSweep, setLifecycleRule } from "@/lib/memory/store-actions/lifecycle-rule.ts";

export const GET = apiRoute(OPERATIONS.retrieveStoreLifecycle, async ({ db, principal }) => {
  const { archiveAfterIdleDays } = await getLifecycleRule(db, principal.workspaceId);
  return storeLifecycleWire(archiveAfterIdleDays, await previewLifecycleSweep(db, principal.workspaceId));
});

export const POST = apiRoute(OPERATIONS.updateStoreLifecycle, async ({ db, input: read, actor, principal }) => {
  const body = await read();
  const { archiveAfterIdleDays } = await setLifecycleRule(db, {
    workspaceId: principal.workspaceId,
    archiveAfterIdleDays: body.archive_after_idle_days,
    actor,
  });
  return storeLifecycleWire(archiveAfterIdleDays, await previewLifecycleSweep(db, principal.workspaceId));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
