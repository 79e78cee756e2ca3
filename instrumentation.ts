// Next.js calls register() once when a server process starts.
export async function register() {
  // NEXT_RUNTIME is set by Next.js itself, not by whoever runs the server: the one env read outside lib/config.ts.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // First, before any request reaches Next: rate limits need the real socket address.
    const { installPeerAddressHeader } = await import("./lib/auth/peer-address.ts");
    installPeerAddressHeader();
    const { onServerStart } = await import("./lib/server/startup.ts");
    await onServerStart();
  }
}
