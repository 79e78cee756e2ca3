/**
 * Dynamic client registration (RFC 7591) for MCP clients: public clients only (no secret,
 * `token_endpoint_auth_method: none`, PKCE instead), the authorization code and refresh token
 * grants, and redirect URIs of redirect-uris.ts. The wire shapes are the MCP SDK's schemas.
 */
import { randomBytes } from "node:crypto";
import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Db } from "../memory/db.ts";
import { OAuthFailure } from "./oauth-errors.ts";
import { redirectUriProblem } from "./redirect-uris.ts";

const MAX_REDIRECT_URIS = 10;
const MAX_NAME_CHARS = 80;
const GRANT_TYPES = ["authorization_code", "refresh_token"];

export interface OAuthClientRecord {
  id: string;
  name: string;
  redirectUris: string[];
}

const invalidMetadata = (description: string) => new OAuthFailure("invalid_client_metadata", description);

/** Registers a client from its metadata document; answers the RFC 7591 client information. */
export async function registerClient(db: Db, body: unknown): Promise<OAuthClientInformationFull> {
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || "body";
    throw field.startsWith("redirect_uris")
      ? new OAuthFailure("invalid_redirect_uri", `${field}: ${issue.message}`)
      : invalidMetadata(`${field}: ${issue.message}`);
  }
  const metadata = parsed.data;
  if (metadata.redirect_uris.length === 0) throw new OAuthFailure("invalid_redirect_uri", "redirect_uris: at least one redirect URI is required.");
  if (metadata.redirect_uris.length > MAX_REDIRECT_URIS) throw new OAuthFailure("invalid_redirect_uri", `redirect_uris: at most ${MAX_REDIRECT_URIS}.`);
  for (const uri of metadata.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthFailure("invalid_redirect_uri", `redirect_uris: ${uri} ${problem}.`);
  }
  const authMethod = metadata.token_endpoint_auth_method ?? "none";
  if (authMethod !== "none") {
    throw invalidMetadata('token_endpoint_auth_method: only "none" is supported (public clients with PKCE).');
  }
  const grantTypes = metadata.grant_types ?? GRANT_TYPES;
  if (!grantTypes.includes("authorization_code") || grantTypes.some((g) => !GRANT_TYPES.includes(g))) {
    throw invalidMetadata("grant_types: must include authorization_code and may add refresh_token, nothing else.");
  }
  const responseTypes = metadata.response_types ?? ["code"];
  if (responseTypes.length !== 1 || responseTypes[0] !== "code") throw invalidMetadata('response_types: only "code" is supported.');
  const name = (metadata.client_name ?? "").trim().slice(0, MAX_NAME_CHARS) || "MCP client";

  const info: OAuthClientInformationFull = {
    ...metadata,
    client_name: name,
    token_endpoint_auth_method: "none",
    grant_types: grantTypes,
    response_types: responseTypes,
    client_id: `mcc_${randomBytes(16).toString("base64url")}`,
    client_id_issued_at: Math.floor(Date.now() / 1000),
  };
  await db.sqlTransaction(
    (tx) => tx.$executeRaw`
      INSERT INTO oauth_clients (id, name, redirect_uris, metadata, created_at)
      VALUES (${info.client_id}, ${name}, ${JSON.stringify(info.redirect_uris)}, ${JSON.stringify(info)}, ${new Date()})`,
  );
  return info;
}

export async function findClient(db: Db, clientId: string): Promise<OAuthClientRecord | null> {
  const [row] = await db.sql.$queryRaw<{ id: string; name: string; redirect_uris: string }[]>`
    SELECT id, name, redirect_uris FROM oauth_clients WHERE id = ${clientId}`;
  return row ? { id: row.id, name: row.name, redirectUris: JSON.parse(row.redirect_uris) as string[] } : null;
}
