// npm run user:create -- --email a@b.c --password '…' [--role admin|reviewer|viewer] [--name "…"]
import { parseArgs } from "node:util";
import { createUser } from "../lib/auth/users.ts";
import { getDb } from "../lib/db/instance.ts";
import { MemoryError } from "../lib/memory/errors.ts";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, role: { type: "string", default: "viewer" }, name: { type: "string" } },
});
const db = await getDb();
try {
  const user = await createUser(db, {
    email: values.email,
    password: values.password ?? process.env.MEMORY_CONSOLE_USER_PASSWORD,
    role: values.role,
    name: values.name,
  });
  console.log(`created ${user.role} ${user.email} (${user.id})`);
} catch (error) {
  if (!(error instanceof MemoryError)) throw error;
  console.error(`user:create: ${error.message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
