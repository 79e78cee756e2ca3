import { z } from "zod";
import { INVITE_STATUSES } from "../auth/invites.ts";
import { ID_PAGE_MAX } from "../auth/id-page.ts";
import { KEY_STATUSES } from "../auth/organization-keys.ts";
import { WORKSPACE_ROLES } from "../auth/workspace-roles.ts";

/**
 * The organisation API's request and answer shapes, as the official SDK's
 * `client.beta.organization` types state them (resources/beta/organization/*.d.ts). Lists page
 * with the SDK's `Page`: `after_id` / `before_id` / `limit`, and `data`, `has_more`, `first_id`,
 * `last_id`. Arrays in a query come as `ids[]=a&ids[]=b` (the SDK's brackets format); the route
 * reads every value with getAll.
 */
const timestamp = z.iso.datetime();
const named = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description });
const extensionField = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description, "x-memory-console-extension": true });
const bool = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");

export const idPageQuery = z.object({
  after_id: z.string().optional(),
  before_id: z.string().optional(),
  limit: z
    .string()
    .regex(/^\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(ID_PAGE_MAX, `must be at most ${ID_PAGE_MAX}`))
    .optional(),
});
/** A repeatable query parameter, in the SDK's `name[]=` form or plain `name=`: documented here, read with getAll. */
const each = z.string().optional();

export const idPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), has_more: z.boolean(), first_id: z.string().nullable(), last_id: z.string().nullable() });

export const organizationSchema = named(
  z.object({ id: z.string(), name: z.string(), type: z.literal("organization") }),
  "BetaOrganization",
  "The organisation (one per install).",
);

// Workspaces
const tags = z.record(z.string(), z.string());
export const createWorkspaceBody = z.object({
  name: z.string(),
  display_color: z.string().nullish(),
  tags: tags.nullish(),
  data_residency: z.unknown().optional(),
  external_key_id: z.string().nullish(),
  user_profile_id: z.string().nullish(),
});
export const updateWorkspaceBody = z.object({
  name: z.string().optional(),
  display_color: z.string().optional(),
  tags: z.record(z.string(), z.string().nullable()).nullish(),
  data_residency: z.unknown().optional(),
  external_key_id: z.string().optional(),
  user_profile_id: z.string().optional(),
});
export const listWorkspacesQuery = idPageQuery.extend({
  include_archived: bool.optional(),
  include_default: bool.optional(),
  "ids[]": each,
  ids: each,
});
export const workspaceSchema = named(
  z.object({
    id: z.string(),
    type: z.literal("workspace"),
    name: z.string(),
    display_color: z.string(),
    tags,
    created_at: timestamp,
    archived_at: timestamp.nullable(),
    data_residency: z.object({
      workspace_geo: z.literal("us"),
      allowed_inference_geos: z.union([z.literal("unrestricted"), z.array(z.enum(["global", "us"]))]),
      default_inference_geo: z.enum(["global", "us"]),
    }),
    compartment_id: z.string(),
    external_key_id: z.string().nullable(),
    user_profile_id: z.string().nullable(),
  }),
  "BetaWorkspace",
  "A workspace. data_residency, compartment_id, external_key_id and user_profile_id have fixed values here (docs/api-extensions.md).",
);

// Members
export const addMemberBody = z.object({ user_id: z.string(), workspace_role: z.enum(WORKSPACE_ROLES) });
export const updateMemberBody = z.object({ workspace_role: z.enum(WORKSPACE_ROLES) });
export const workspaceMemberSchema = named(
  z.object({ type: z.literal("workspace_member"), user_id: z.string(), workspace_id: z.string(), workspace_role: z.enum(WORKSPACE_ROLES) }),
  "BetaWorkspaceMember",
  "A user's membership of a workspace.",
);
export const deletedMemberSchema = named(
  z.object({ type: z.literal("workspace_member_deleted"), user_id: z.string(), workspace_id: z.string() }),
  "MemberRemoveResponse",
  "A membership ended.",
);

// API keys
export const listOrgKeysQuery = idPageQuery.extend({
  workspace_id: z.string().optional(),
  status: z.enum(KEY_STATUSES).optional(),
  created_by_user_id: z.string().optional(),
});
export const updateOrgKeyBody = z.object({
  name: z.string().nullish(),
  status: z.enum(["active", "inactive", "archived"]).nullish(),
});
export const orgApiKeySchema = named(
  z.object({
    id: z.string(),
    type: z.literal("api_key"),
    name: z.string(),
    created_at: timestamp,
    created_by: z.object({ id: z.string(), type: z.enum(["user", "service_account"]) }).nullable(),
    expires_at: timestamp.nullable(),
    partial_key_hint: z.string().nullable(),
    principal: z.object({ type: z.literal("user_actor"), user_id: z.string() }).nullable(),
    scope: z.union([z.object({ type: z.literal("workspace"), workspace_id: z.string() }), z.object({ type: z.literal("organization") })]),
    status: z.enum(KEY_STATUSES),
  }),
  "BetaAPIKey",
  "An API key as the organisation API shows it (never its secret).",
);

// Users
export const ORGANIZATION_ROLES = [
  "admin",
  "billing",
  "claude_code_user",
  "developer",
  "managed",
  "membership_admin",
  "owner",
  "primary_owner",
  "user",
] as const;
export const listOrgUsersQuery = idPageQuery.extend({ email: z.string().optional(), "roles[]": each, roles: each });
export const updateOrgUserBody = z.object({ role: z.string() });
export const orgUserSchema = named(
  z.object({ id: z.string(), type: z.literal("user"), email: z.string(), name: z.string(), role: z.enum(ORGANIZATION_ROLES), added_at: timestamp }),
  "BetaOrganizationUser",
  "A person of the organisation: admin (console admin), developer (reviewer) or user (viewer).",
);
export const deletedUserSchema = named(z.object({ id: z.string(), type: z.literal("user_deleted") }), "UserRemoveResponse", "A user removed.");

// Invites
export const createInviteBody = z.object({ email: z.string(), role: z.string(), rbac_group_ids: z.array(z.string()).optional() });
export const listInvitesQuery = idPageQuery.extend({
  email: z.string().optional(),
  "statuses[]": each,
  statuses: each,
  "roles[]": each,
  roles: each,
});
const inviteShape = {
  id: z.string(),
  type: z.literal("invite"),
  email: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  status: z.enum(INVITE_STATUSES),
  invited_at: timestamp,
  expires_at: timestamp,
  accepted_at: timestamp.nullable(),
  rbac_group_ids: z.array(z.string()),
};
export const inviteSchema = named(z.object(inviteShape), "BetaOrganizationInvite", "An invitation to join the organisation.");
export const createdInviteSchema = named(
  z.object({
    ...inviteShape,
    acceptance_url: extensionField(
      z.string(),
      "The console page where the invitee sets a name and password; shown only in this answer (there is no mail server: pass it on yourself).",
    ),
  }),
  "CreatedOrganizationInvite",
  "A new invite, with its acceptance link (shown once).",
);
export const deletedInviteSchema = named(z.object({ id: z.string(), type: z.literal("invite_deleted") }), "InviteDeleteResponse", "An invite deleted.");
