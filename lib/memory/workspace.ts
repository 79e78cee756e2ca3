/**
 * Workspaces partition everything (docs/design.md, "Workspaces"). Every install has Default, with
 * this fixed id (migration 0030): everything from before workspaces is in it, and a request that
 * names no workspace acts in it (or in its key's own workspace).
 */
export const DEFAULT_WORKSPACE_ID = "wrkspc_00000000000000000000000000";
