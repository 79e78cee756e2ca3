// npm run db:migrate – apply pending migrations to DATABASE_URL (SQLite file by default).
import { defineCommand } from "../lib/cli/command-line.ts";
import { config } from "../lib/config.ts";
import { migrate } from "../lib/db/migrate.ts";

defineCommand({
  script: "db:migrate",
  summary:
    "Applies the pending migrations to the database named by DATABASE_URL (unset: the SQLite file ./data/memory-console.db, " +
    "created if missing). The server does this at every start too; on PostgreSQL, under an advisory lock, so instances may start together.",
  options: {},
  examples: ["DATABASE_URL=postgresql://memory:secret@db.internal:5432/memory npm run db:migrate"],
}).parseOrExit();

const { database } = config();
const applied = await migrate(database);
const where = database.engine === "sqlite" ? database.file : "PostgreSQL";
console.log(applied.length ? `applied ${applied.join(", ")} to ${where}` : `${where} is up to date`);
