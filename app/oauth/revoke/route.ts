// POST /oauth/revoke – token revocation (RFC 7009) by public clients
import { oauthPreflight } from "@/lib/oauth/oauth-errors.ts";
import { handleRevoke } from "@/lib/oauth/handlers.ts";

export const dynamic = "force-dynamic";
export const POST = handleRevoke;
export const OPTIONS = () => oauthPreflight("POST");
