/**
 * RFC 8707 resource indicators: the `resource` an MCP client names (at authorization and at the
 * token endpoint) must be one store's MCP endpoint on this server, `<origin>/mcp/<store id>`,
 * the `resource` of that store's protected-resource metadata. Tokens are then good only there
 * (and at the other stores of the same grant), never on /v1.
 */
import { expectedOrigin } from "../http/session.ts";
import { MCP_PATH } from "../mcp/protected-resource.ts";
import { OAuthFailure } from "./oauth-errors.ts";

/** The store id a resource indicator names; throws invalid_target for anything else. */
export function resourceStoreId(headers: Headers, resource: string): string {
  let url: URL | null = null;
  try {
    url = new URL(resource);
  } catch {
    url = null;
  }
  const prefix = `${MCP_PATH}/`;
  const rest =
    url && url.origin === expectedOrigin(headers) && !url.search && !url.hash && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : "";
  if (!rest || rest.includes("/")) {
    throw new OAuthFailure(
      "invalid_target",
      `resource: must be the MCP endpoint of a memory store on this server, ${expectedOrigin(headers)}${MCP_PATH}/<store id>.`,
    );
  }
  let storeId: string;
  try {
    storeId = decodeURIComponent(rest);
  } catch {
    storeId = "";
  }
  // eslint-disable-next-line no-control-regex
  if (!storeId || /[\u0000-\u001f]/.test(storeId)) throw new OAuthFailure("invalid_target", "resource: the store id is not valid.");
  return storeId;
}
