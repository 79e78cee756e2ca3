import type {
  BetaManagedAgentsDeletedMemory,
  BetaManagedAgentsMemory,
  BetaManagedAgentsMemoryListItem,
  BetaManagedAgentsMemoryStore,
  BetaManagedAgentsMemoryVersion,
} from "@anthropic-ai/sdk/resources/beta/memory-stores";
import type { Role } from "@/lib/auth/roles.ts";

/** Wire types: the official SDK's for the Memory Stores API, ours for the console's admin endpoints. */
export type Store = BetaManagedAgentsMemoryStore & { memory_count: number };
export type Memory = BetaManagedAgentsMemory;
export type MemoryListItem = BetaManagedAgentsMemoryListItem;
export type MemoryVersion = BetaManagedAgentsMemoryVersion;
export type DeletedMemory = BetaManagedAgentsDeletedMemory;
export type Page<T> = { data: T[]; next_page: string | null };

export type Permissions = { read: boolean; write: boolean; admin: boolean };
export type Me =
  | { type: "principal"; kind: "user"; id: string; email: string; role: Role; permissions: Permissions }
  | { type: "principal"; kind: "api_key"; id: string; name: string; role: Role; read_only: boolean; store_ids: string[] | null; permissions: Permissions };

export type User = {
  type: "user";
  id: string;
  email: string;
  name: string;
  role: Role;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
};

export type ApiKey = {
  type: "api_key";
  id: string;
  name: string;
  prefix: string;
  role: Role;
  store_ids: string[] | null;
  read_only: boolean;
  created_by_user_id: string | null;
  created_at: string;
  revoked_at: string | null;
};

export type Actors = { users: { id: string; email: string }[]; api_keys: { id: string; name: string }[] };
