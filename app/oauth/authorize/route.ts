// GET /oauth/authorize – checks an authorization request and sends the browser to the consent page; POST – the consent form's decision
import { handleAuthorize, handleConsent } from "@/lib/oauth/handlers.ts";

export const dynamic = "force-dynamic";
export const GET = handleAuthorize;
export const POST = handleConsent;
