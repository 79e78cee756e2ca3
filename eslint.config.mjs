// ESLint: the recommended JS and typescript-eslint sets, Next's rules (React, hooks, a11y, Next),
// and the layer rules of docs/design.md ("Layers"), which test/unit/layers.test.ts proves still bite.
import js from "@eslint/js";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import { defineConfig, globalIgnores } from "eslint/config";
import { readFileSync } from "node:fs";

// Imports are resolved (aliases, relative paths, `.ts` extensions) the way tsconfig.json does it,
// so a layer rule sees the file an import lands on, however it is spelled.
const resolver = createNodeResolver({
  extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"],
  tsconfig: { configFile: "./tsconfig.json" },
});

// Packages the domain core may not import: it is plain TypeScript, no framework, HTTP or UI.
const frameworkPackages = ["next", "react", "react-dom", "next-auth"];
// Nor the protocol glue of the MCP door (lib/mcp): the domain is called by it, never the other way.
const protocolPackages = ["@modelcontextprotocol/sdk"];

// The first segment of every extension operation's path (the operation table's routes, read as text: this config
// runs on Node without TypeScript). /v1/memory_stores/... is Anthropic's API, which tests reach through the official SDK.
const extensionSegments = [
  ...new Set(
    [...readFileSync(new URL("./lib/http/operation-routes.ts", import.meta.url), "utf8").matchAll(/path: "\/v1\/(\w+)/g)]
      .map((match) => match[1])
      .filter((segment) => segment !== "memory_stores"),
  ),
];
// esquery ends a selector's regex at the first "/", so the pattern spells the slash \x2F.
const handBuiltOperationPath = `^(https?:\\x2F\\x2F[^\\x2F]*)?\\x2Fv1\\x2F(${extensionSegments.join("|")})([\\x2F?]|$)`;
const handBuiltOperationMessage =
  "Call this project's operations through the typed client (server.api.call / send, or sendUnchecked for a deliberately invalid input), not by a path string; raw-HTTP tests belong in the allow-list of eslint.config.mjs (tests/operation-paths).";

// Tests whose subject is raw HTTP itself (malformed input, headers and protocol, fuzzing, auth-header variants,
// bad paths): they build request lines by hand on purpose.
const RAW_HTTP_TESTS = [
  "test/fuzz/**",
  "test/api/protocol.test.ts",
  "test/api/http-hygiene.test.ts",
  "test/api/forwarded-headers.test.ts",
  "test/api/empty-query-values.test.ts",
  "test/api/compression.test.ts",
  // What the request log records for raw requests: anonymous, unknown paths, a session cookie, and the route it names.
  "test/api/request-logs.test.ts",
  // The statement budget calls the route handlers in its own process with the Requests Next.js would hand them.
  "test/db/statement-budget.test.ts",
];

export default defineConfig([
  globalIgnores([
    "lib/db/generated/**",
    "prisma/generated/**",
    ".next/**",
    "dist/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "e2e/screenshots/**",
    "bench/work/**",
    "data/**",
  ]),
  js.configs.recommended,
  ...nextVitals,
  ...nextTs,
  {
    settings: { "import-x/resolver-next": [resolver] },
    plugins: { "import-x": importX },
    rules: {
      // Unused code fails the lint; a leading underscore marks a name left unused on purpose (e.g. `{ content: _content, ...rest }`).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-unused-expressions": "error",
    },
  },
  {
    // Tests hold no React: vitest helpers such as useFreshDatabase and Playwright fixtures' use() are not hooks.
    name: "tests",
    files: ["test/**", "e2e/**", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Tests call this project's operations by name with typed params, query and body (the typed client built from
    // the operation table), so a renamed route or a changed schema fails the type check instead of a string drifting.
    // test/unit/layers.test.ts proves the rule catches each spelling.
    name: "tests/operation-paths",
    files: ["test/**/*.ts"],
    ignores: RAW_HTTP_TESTS,
    rules: {
      "no-restricted-syntax": [
        "error",
        // A path as a key into the OpenAPI document's `paths` (doc.paths["/v1/search"]) names no request: it is left alone.
        { selector: `Literal[value=/${handBuiltOperationPath}/]:not(MemberExpression > Literal.property)`, message: handBuiltOperationMessage },
        { selector: `TemplateElement[value.raw=/${handBuiltOperationPath}/]`, message: handBuiltOperationMessage },
      ],
    },
  },
  {
    name: "layers/domain-core",
    files: ["lib/memory/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [...frameworkPackages, ...protocolPackages].map((name) => ({ name, message: "lib/memory is framework-free (docs/design.md, Layers)." })),
          patterns: [
            {
              group: [...frameworkPackages, ...protocolPackages].map((name) => `${name}/*`),
              message: "lib/memory is framework-free (docs/design.md, Layers).",
            },
            {
              group: ["@prisma/*", "prisma", "prisma/*", "better-sqlite3", "pg"],
              message:
                "lib/memory states its SQL with lib/memory/sql.ts and runs it through the port (lib/memory/db.ts); drivers and Prisma are lib/db's (docs/architecture.md).",
            },
          ],
        },
      ],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib/memory",
              from: ["./app", "./components", "./lib/http", "./lib/queries", "./lib/mcp"],
              message: "lib/memory imports no HTTP, MCP, UI or app code (docs/design.md, Layers).",
            },
            {
              // The row types generated from the schema (types only) are the one thing the port takes from lib/db.
              target: "./lib/memory",
              from: "./lib/db",
              except: ["./generated/sqlite/models.ts"],
              message: "lib/memory never imports lib/db or a Prisma client: lib/db implements the port (lib/memory/db.ts; docs/architecture.md).",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='engine']",
          message: "lib/memory never asks which engine it runs on: what differs between the engines is db.dialect (lib/db/dialects/).",
        },
      ],
    },
  },
  {
    // The MCP door is plumbing beside lib/http: no framework, UI or app code, so that it runs wherever a Request does.
    name: "layers/mcp",
    files: ["lib/mcp/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: frameworkPackages.map((name) => ({ name, message: "lib/mcp is framework-free: the route handler in app/mcp is the only Next.js part." })),
          patterns: [
            {
              group: frameworkPackages.map((name) => `${name}/*`),
              message: "lib/mcp is framework-free: the route handler in app/mcp is the only Next.js part.",
            },
          ],
        },
      ],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./lib/mcp", from: ["./app", "./components", "./lib/queries"], message: "lib/mcp imports no UI or app code (docs/design.md, Layers)." },
          ],
        },
      ],
    },
  },
  {
    // The typed client runs in the browser: it reads the operations' routes (a file with no imports) and, by type only,
    // the operation table and the wire types; loading the table itself would bring zod and server code into the bundle.
    name: "layers/api-client",
    files: ["lib/api-client/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", allowTypeImports: true, message: "lib/api-client loads no schema code: import zod's types only." }],
          patterns: [
            {
              // Any alias or parent path but the routes (and this folder by its alias), and any @anthropic-ai package.
              regex: "^(@/(?!lib/http/operation-routes(\\.ts)?$|lib/api-client/)|\\.\\./(?!http/operation-routes(\\.ts)?$)|@anthropic-ai/)",
              allowTypeImports: true,
              message: "lib/api-client runs in the browser: import only lib/http/operation-routes.ts at run time, anything else as `import type`.",
            },
          ],
        },
      ],
    },
  },
  {
    name: "layers/no-prisma-in-app",
    files: ["app/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@prisma/*"], message: "Pages and route handlers go through lib/memory, never Prisma (docs/design.md, Layers)." }] },
      ],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./app", "./components"],
              from: ["./lib/db/generated", "./lib/db/client.ts"],
              message: "Pages and route handlers go through lib/memory, never a Prisma client (docs/design.md, Layers).",
            },
          ],
        },
      ],
    },
  },
  {
    // Pages, layouts and components reach data through the API (lib/queries) or a server function of lib/auth or
    // lib/oauth (first run, consent), never by opening the database: the line docs/architecture.md draws.
    name: "layers/pages-no-db",
    files: ["app/**/page.tsx", "app/**/layout.tsx", "components/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          // This replaces layers/no-prisma-in-app's zones for these files (a later block's options win); ./lib/db covers them.
          zones: [
            {
              target: ["./app", "./components"],
              from: ["./lib/db"],
              message: "Pages and components never open the database: call the API, or a function of lib/auth or lib/oauth that does (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
]);
