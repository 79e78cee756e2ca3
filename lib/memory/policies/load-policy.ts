import type { SqlClient } from "../db.ts";
import { lockedRow, type PolicyColumns } from "../stores/lock-store.ts";
import { DEFAULT_POLICY_KEY } from "./policy-key.ts";
import { DEFAULT_WRITE_POLICY, parseStoredPolicy, type WritePolicy } from "./write-policy.ts";

export { DEFAULT_POLICY_KEY };

/** Parsed documents by their JSON: a write reads its store's policy every time, parsing it once is enough. */
const parsed = new Map<string, WritePolicy>();

function policyOf(json: string | null): WritePolicy {
  if (json === null) return DEFAULT_WRITE_POLICY;
  let policy = parsed.get(json);
  if (!policy) {
    if (parsed.size > 1000) parsed.clear();
    policy = parseStoredPolicy(json);
    parsed.set(json, policy);
  }
  return policy;
}

export interface StorePolicy {
  policy: WritePolicy;
  /** Whether the store has its own policy, rather than its workspace's default (or the instance's). */
  own: boolean;
  memoryCount: number;
}

/**
 * A store's policy in force, with its live memory count (for the agents' cap): one statement, in
 * the caller's transaction. Resolution: the store's own, else its workspace's default, else the
 * instance default, else DEFAULT_WRITE_POLICY (docs/api-extensions.md, "Write policies").
 */
export async function loadStorePolicy(client: SqlClient, storeId: string): Promise<StorePolicy | null> {
  const [row] = await client.$queryRaw<PolicyColumns[]>`
    SELECT s.write_policy, s.memory_count, w.write_policy AS workspace_policy,
      (SELECT value FROM app_settings WHERE key = ${DEFAULT_POLICY_KEY}) AS default_policy
    FROM memory_stores s LEFT JOIN workspaces w ON w.id = s.workspace_id WHERE s.id = ${storeId}`;
  return row ? storePolicyOf(row) : null;
}

/**
 * The same on a write, in its transaction: what the store lock's own statement read
 * (lib/memory/stores/lock-store.ts), unless this transaction has changed the count or the
 * policy since; else one statement.
 */
export async function loadLockedStorePolicy(tx: SqlClient, storeId: string): Promise<StorePolicy | null> {
  const columns = lockedRow(tx, storeId)?.policies;
  return columns ? storePolicyOf(columns) : loadStorePolicy(tx, storeId);
}

function storePolicyOf(row: PolicyColumns): StorePolicy {
  return {
    policy: policyOf(row.write_policy ?? row.workspace_policy ?? row.default_policy),
    own: row.write_policy !== null,
    memoryCount: Number(row.memory_count),
  };
}

export async function loadDefaultPolicy(client: SqlClient): Promise<WritePolicy> {
  const [row] = await client.$queryRaw<{ value: string }[]>`SELECT value FROM app_settings WHERE key = ${DEFAULT_POLICY_KEY}`;
  return policyOf(row?.value ?? null);
}

/**
 * A workspace's default in force (its own, else the instance's), and whether it has its own.
 * Default has none of its own: its default is the instance default (policy-settings.ts).
 */
export async function loadWorkspacePolicy(client: SqlClient, workspaceId: string): Promise<{ policy: WritePolicy; own: boolean }> {
  const [row] = await client.$queryRaw<{ write_policy: string | null; default_policy: string | null }[]>`
    SELECT w.write_policy, (SELECT value FROM app_settings WHERE key = ${DEFAULT_POLICY_KEY}) AS default_policy
    FROM workspaces w WHERE w.id = ${workspaceId}`;
  const own = row?.write_policy ?? null;
  return { policy: policyOf(own ?? row?.default_policy ?? null), own: own !== null };
}
