// npm run db:migrate – apply pending migrations to DATABASE_URL (SQLite file by default).
import { config } from "../lib/config.ts";
import { migrate } from "../lib/db/migrate.ts";

const { database } = config();
const applied = await migrate(database);
const where = database.engine === "sqlite" ? database.file : "PostgreSQL";
console.log(applied.length ? `applied ${applied.join(", ")} to ${where}` : `${where} is up to date`);
