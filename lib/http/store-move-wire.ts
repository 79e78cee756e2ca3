import { z } from "zod";
import type { StoreMove } from "../memory/stores/move-store.ts";

/** POST /v1/store_moves: which store (of the request's workspace) goes to which workspace. */
export const moveStoreBody = z.strictObject({
  memory_store_id: z.string().meta({ description: "A store of the request's workspace (anthropic-workspace-id, or the key's own)." }),
  workspace_id: z.string().meta({ description: "The live workspace it moves to; the caller needs admin powers there too." }),
});

export const storeMoveSchema = z
  .object({
    type: z.literal("store_move"),
    memory_store_id: z.string(),
    from_workspace_id: z.string(),
    to_workspace_id: z.string(),
    moved_at: z.string(),
  })
  .meta({ id: "StoreMove" });

export const storeMoveWire = (move: StoreMove): z.infer<typeof storeMoveSchema> => ({
  type: "store_move",
  memory_store_id: move.storeId,
  from_workspace_id: move.fromWorkspaceId,
  to_workspace_id: move.toWorkspaceId,
  moved_at: move.movedAt.toISOString(),
});
