// NODE_ENV is set by Next.js itself (`next dev` / `next build`), so it is not part of lib/config.ts.
const development = process.env.NODE_ENV === "development";

/**
 * Sent with every response, pages and API alike. The console loads nothing from elsewhere:
 * scripts, styles, fonts and Monaco's workers all come from this origin. Next.js inlines its
 * bootstrap scripts and Monaco injects styles, hence 'unsafe-inline' for those two; blob:
 * workers are how Monaco may start its web workers; React's dev tooling needs eval in `next dev`.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API answers with its own error envelope; Next's x-powered-by header says nothing useful.
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: {
    // A stray lockfile in a parent folder must not change what Turbopack treats as the project root.
    root: import.meta.dirname,
    // Every <Link> of the app prefetches on intent, never on sight: components/ui/console-link.tsx.
    // The keys are what Next.js itself resolves `next/link` to in the App Router, in client and in
    // server components (an alias of "next/link" is overridden by Next.js's own);
    // e2e/console-speed.spec.ts fails if they stop applying.
    resolveAlias: {
      "next/dist/client/app-dir/link": "./components/ui/console-link.tsx",
      "next/dist/client/app-dir/link.react-server": "./components/ui/console-link.tsx",
    },
  },
  // Loaded from node_modules, not bundled: one copy of the metrics registry per process (pino is on Next's own list), and one
  // Sql class of sql-template-tag (lib/memory/sql.ts): the database instrumentation opens must know the fragments routes build.
  serverExternalPackages: ["prom-client", "sql-template-tag"],
  // The type check is `npm run typecheck` (all of the project, tests included, which the build's
  // own check would skip), and npm test runs it beside the test suites (scripts/test.sh): the
  // build checking the same files first doubled that work. CI type-checks every commit of main.
  typescript: { ignoreBuildErrors: true },
  // Turbopack keeps the build's work in .next/cache for the next build (its default): .ci/run
  // carries that folder from one clone to the next, as Next.js's "CI build caching" guide asks.
  experimental: {
    // Next.js loads every route's code at start by default. A route loaded on its first request
    // instead: a start took 0.9 CPU-s against 1.5, and that first request 11–26 ms more, once
    // (while the preload still ran, a first request took 100 ms against 11). Every test server
    // starts this way too, about 70 in a run (4 Dec 2026).
    preloadEntriesOnStart: false,
  },
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

export default nextConfig;
