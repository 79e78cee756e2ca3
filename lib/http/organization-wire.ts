import type { z } from "zod";
import type { InviteRecord } from "../auth/invites.ts";
import type { ApiKeyRecord } from "../auth/key-rows.ts";
import type { MemberRecord } from "../auth/workspace-members.ts";
import { keyStatusOf } from "../auth/organization-keys.ts";
import type { Role } from "../auth/roles.ts";
import type { UserRecord } from "../auth/user-rows.ts";
import { ORGANIZATION_ROLE_OF } from "../auth/workspace-roles.ts";
import type { WorkspaceRecord } from "../auth/workspaces.ts";
import type { inviteSchema, orgApiKeySchema, orgUserSchema, workspaceMemberSchema, workspaceSchema } from "./organization-schemas.ts";

/**
 * The organisation API's wire objects (the SDK's BetaWorkspace, BetaWorkspaceMember, BetaAPIKey,
 * BetaOrganizationUser, BetaOrganizationInvite). Fields this server has no counterpart for carry
 * fixed values, stated in docs/api-extensions.md ("Organisation API").
 */
export function workspaceWire(w: WorkspaceRecord): z.input<typeof workspaceSchema> {
  return {
    id: w.id,
    type: "workspace",
    name: w.name,
    display_color: w.displayColor,
    tags: w.tags,
    created_at: w.createdAt.toISOString(),
    archived_at: w.archivedAt?.toISOString() ?? null,
    // The SDK's documented defaults: data lives where this server runs, inference is not ours to route.
    data_residency: { workspace_geo: "us", allowed_inference_geos: "unrestricted", default_inference_geo: "global" },
    // No encryption compartments here: the workspace's own id is the stable value.
    compartment_id: w.id,
    external_key_id: null,
    user_profile_id: null,
  };
}

export const memberWire = (m: MemberRecord): z.input<typeof workspaceMemberSchema> => ({
  type: "workspace_member",
  user_id: m.userId,
  workspace_id: m.workspaceId,
  workspace_role: m.workspaceRole,
});

export function orgApiKeyWire(key: ApiKeyRecord): z.input<typeof orgApiKeySchema> {
  return {
    id: key.id,
    type: "api_key",
    name: key.name,
    created_at: key.createdAt.toISOString(),
    created_by: key.createdByUserId ? { id: key.createdByUserId, type: "user" } : null,
    expires_at: null,
    partial_key_hint: key.prefix,
    // A key acts with its maker's authority (api-keys.ts), so that user is its principal; the bootstrap key has none.
    principal: key.createdByUserId ? { type: "user_actor", user_id: key.createdByUserId } : null,
    scope: key.workspaceId === null ? { type: "organization" } : { type: "workspace", workspace_id: key.workspaceId },
    status: keyStatusOf(key),
  };
}

export const orgUserWire = (u: UserRecord): z.input<typeof orgUserSchema> => ({
  id: u.id,
  type: "user",
  email: u.email,
  name: u.name,
  role: ORGANIZATION_ROLE_OF[u.role as Role] ?? "user",
  added_at: u.createdAt.toISOString(),
});

export const inviteWire = (i: InviteRecord): z.input<typeof inviteSchema> => ({
  id: i.id,
  type: "invite",
  email: i.email,
  role: ORGANIZATION_ROLE_OF[i.role] ?? "user",
  status: i.status,
  invited_at: i.createdAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
  accepted_at: i.acceptedAt?.toISOString() ?? null,
  rbac_group_ids: [],
});

/** Every value of a repeatable query parameter, sent as `name[]=` (the SDK) or `name=`. */
export const allValues = (url: URL, name: string): string[] => [...url.searchParams.getAll(`${name}[]`), ...url.searchParams.getAll(name)];
