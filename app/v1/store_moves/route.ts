// POST /v1/store_moves – move a store of the request's workspace to another workspace (extension)
import { assertWorkspaceAdmin } from "@/lib/auth/organization-access.ts";
import { assertStoreAccess } from "@/lib/auth/principal.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeMoveWire } from "@/lib/http/store-move-wire.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { moveStore } from "@/lib/memory/stores/move-store.ts";
import { isWorkspaceId } from "@/lib/memory/workspace.ts";

export const POST = apiRoute(OPERATIONS.moveStore, async ({ db, input, actor, principal }) => {
  const body = await input();
  if (!isWorkspaceId(body.workspace_id))
    throw invalidRequest(`workspace_id: "${body.workspace_id.slice(0, 80)}" is not a workspace id (they look like wrkspc_…).`);
  assertStoreAccess(principal, body.memory_store_id);
  // The operation's permission is admin here (the request's workspace); the target needs the same.
  await assertWorkspaceAdmin(db.sql, principal, body.workspace_id, true);
  return storeMoveWire(
    await moveStore(db, { storeId: body.memory_store_id, fromWorkspaceId: principal.workspaceId, toWorkspaceId: body.workspace_id, by: actor }),
  );
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
