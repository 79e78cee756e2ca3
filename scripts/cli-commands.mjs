/**
 * The operator commands, each scripts/<name>.ts with its own --help; `npm run build` bundles them into dist/cli
 * (scripts/build-cli.mjs), `node scripts/cli.mjs <name>` runs one (package.json names each an npm script), and
 * `node scripts/cli.mjs --help` lists them with these one-line summaries.
 */
export const COMMANDS = [
  "db-migrate",
  "compact",
  "prune-versions",
  "backup",
  "restore",
  "export",
  "import",
  "transfer",
  "user-create",
  "mirror",
  "verify",
  "stores-archive",
  "stores-create",
];

/** @type {Record<string, string>} */
export const SUMMARIES = {
  "db-migrate": "apply pending migrations (also done at every start)",
  compact: "rewrite the database without deleted bytes",
  "prune-versions": "run retention once (VERSION_RETENTION_DAYS)",
  backup: "a consistent copy of the SQLite database while the server runs",
  restore: "put a SQLite backup in place of the database",
  export: "a store to a file (jsonl, tar.gz, zip), straight from the database",
  import: "files into a store, previewed first, straight into the database",
  transfer: "copy a store between servers over the API",
  "user-create": "create a console user",
  mirror: "keep a local folder and a store in sync",
  verify: "recompute every store's history chain and the audit log's",
  "stores-archive": "archive or delete the stores a filter selects, dry run first",
  "stores-create": "create stores from a CSV, each from a template if given, dry run first",
};
