/** The operator commands, each scripts/<name>.ts; `npm run build` bundles them into dist/cli (scripts/build-cli.mjs). */
export const COMMANDS = ["db-migrate", "compact", "prune-versions", "backup", "restore", "export", "import", "transfer", "user-create", "mirror", "verify"];
