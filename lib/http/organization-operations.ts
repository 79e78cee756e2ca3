import { OPERATION_ROUTES } from "./operation-routes.ts";
import {
  addMemberBody,
  createdInviteSchema,
  createInviteBody,
  createWorkspaceBody,
  deletedInviteSchema,
  deletedMemberSchema,
  deletedUserSchema,
  idPageQuery,
  idPageSchema,
  inviteSchema,
  listInvitesQuery,
  listOrgKeysQuery,
  listOrgUsersQuery,
  listWorkspacesQuery,
  orgApiKeySchema,
  organizationSchema,
  orgUserSchema,
  updateMemberBody,
  updateOrgKeyBody,
  updateOrgUserBody,
  updateWorkspaceBody,
  workspaceMemberSchema,
  workspaceSchema,
} from "./organization-schemas.ts";

/**
 * The organisation API (issue 44), exactly as the official SDK's `client.beta.organization`
 * calls it: no `anthropic-beta` header, the hosted paths and shapes (so `extension: false`).
 * `organization: true`: the route wrapper lets in any principal that reaches the request's
 * workspace, and each handler checks who may do what itself (lib/auth/organization-access.ts):
 * organisation admins everything, a workspace's admins its members and keys. `permission: "read"`
 * is that floor; the handlers' own checks are the rule.
 */
const org = { beta: false, extension: false, organization: true, permission: "read" } as const;

export const ORGANIZATION_OPERATIONS = {
  retrieveOrganization: { ...OPERATION_ROUTES.retrieveOrganization, ...org, summary: "The organisation (one per install)", response: organizationSchema },
  listWorkspaces: {
    ...OPERATION_ROUTES.listWorkspaces,
    ...org,
    summary: "List workspaces",
    query: listWorkspacesQuery,
    response: idPageSchema(workspaceSchema),
  },
  createWorkspace: { ...OPERATION_ROUTES.createWorkspace, ...org, summary: "Create a workspace", body: createWorkspaceBody, response: workspaceSchema },
  retrieveWorkspace: { ...OPERATION_ROUTES.retrieveWorkspace, ...org, summary: "Retrieve a workspace", response: workspaceSchema },
  updateWorkspace: {
    ...OPERATION_ROUTES.updateWorkspace,
    ...org,
    summary: "Change a workspace's name, colour or tags",
    body: updateWorkspaceBody,
    response: workspaceSchema,
  },
  archiveWorkspace: {
    ...OPERATION_ROUTES.archiveWorkspace,
    ...org,
    summary: "Archive a workspace (final; refused while it has live memory stores, and for Default)",
    response: workspaceSchema,
  },
  listWorkspaceMembers: {
    ...OPERATION_ROUTES.listWorkspaceMembers,
    ...org,
    summary: "List a workspace's members",
    query: idPageQuery,
    response: idPageSchema(workspaceMemberSchema),
  },
  addWorkspaceMember: {
    ...OPERATION_ROUTES.addWorkspaceMember,
    ...org,
    summary: "Add a user to a workspace",
    body: addMemberBody,
    response: workspaceMemberSchema,
  },
  retrieveWorkspaceMember: { ...OPERATION_ROUTES.retrieveWorkspaceMember, ...org, summary: "Retrieve a membership", response: workspaceMemberSchema },
  updateWorkspaceMember: {
    ...OPERATION_ROUTES.updateWorkspaceMember,
    ...org,
    summary: "Change a member's workspace role",
    body: updateMemberBody,
    response: workspaceMemberSchema,
  },
  removeWorkspaceMember: {
    ...OPERATION_ROUTES.removeWorkspaceMember,
    ...org,
    summary: "Remove a user from a workspace",
    response: deletedMemberSchema,
  },
  listOrganizationApiKeys: {
    ...OPERATION_ROUTES.listOrganizationApiKeys,
    ...org,
    summary: "List API keys (a workspace admin: their workspace's)",
    query: listOrgKeysQuery,
    response: idPageSchema(orgApiKeySchema),
  },
  retrieveOrganizationApiKey: { ...OPERATION_ROUTES.retrieveOrganizationApiKey, ...org, summary: "Retrieve an API key", response: orgApiKeySchema },
  updateOrganizationApiKey: {
    ...OPERATION_ROUTES.updateOrganizationApiKey,
    ...org,
    summary: "Rename an API key, or revoke it (status inactive or archived; revoked keys stay revoked)",
    body: updateOrgKeyBody,
    response: orgApiKeySchema,
  },
  listOrganizationUsers: {
    ...OPERATION_ROUTES.listOrganizationUsers,
    ...org,
    summary: "List the organisation's users",
    query: listOrgUsersQuery,
    response: idPageSchema(orgUserSchema),
  },
  retrieveOrganizationUser: { ...OPERATION_ROUTES.retrieveOrganizationUser, ...org, summary: "Retrieve a user", response: orgUserSchema },
  updateOrganizationUser: {
    ...OPERATION_ROUTES.updateOrganizationUser,
    ...org,
    summary: "Change a user's organisation role (developer or user)",
    body: updateOrgUserBody,
    response: orgUserSchema,
  },
  removeOrganizationUser: {
    ...OPERATION_ROUTES.removeOrganizationUser,
    ...org,
    summary: "Remove a user: disabled, and out of every workspace",
    response: deletedUserSchema,
  },
  listInvites: { ...OPERATION_ROUTES.listInvites, ...org, summary: "List invites", query: listInvitesQuery, response: idPageSchema(inviteSchema) },
  createInvite: {
    ...OPERATION_ROUTES.createInvite,
    ...org,
    summary: "Invite someone to the request's workspace; the answer carries the acceptance link once",
    body: createInviteBody,
    response: createdInviteSchema,
  },
  retrieveInvite: { ...OPERATION_ROUTES.retrieveInvite, ...org, summary: "Retrieve an invite", response: inviteSchema },
  deleteInvite: { ...OPERATION_ROUTES.deleteInvite, ...org, summary: "Delete an invite (its link stops)", response: deletedInviteSchema },
} as const;
