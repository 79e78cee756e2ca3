// Next.js calls register() once when a server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, before any request reaches Next: rate limits need the real socket address.
    const { installPeerAddressHeader } = await import("./lib/auth/peer-address.ts");
    installPeerAddressHeader();
    const { onServerStart } = await import("./lib/server/startup.ts");
    await onServerStart();
  }
}
