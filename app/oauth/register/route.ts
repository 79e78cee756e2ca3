// POST /oauth/register – dynamic client registration (RFC 7591) for MCP clients: public clients, PKCE
import { oauthPreflight } from "@/lib/oauth/oauth-errors.ts";
import { handleRegister } from "@/lib/oauth/handlers.ts";

export const dynamic = "force-dynamic";
export const POST = handleRegister;
export const OPTIONS = () => oauthPreflight("POST");
