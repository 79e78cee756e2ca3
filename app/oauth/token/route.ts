// POST /oauth/token – authorization_code (PKCE S256) and refresh_token (rotated) grants
import { oauthPreflight } from "@/lib/oauth/oauth-errors.ts";
import { handleToken } from "@/lib/oauth/handlers.ts";

export const dynamic = "force-dynamic";
export const POST = handleToken;
export const OPTIONS = () => oauthPreflight("POST");
