// npm run user:create -- --email a@b.c --password '…' [--role admin|reviewer|viewer] [--name "…"]
import { ROLES } from "../lib/auth/roles.ts";
import { createUser } from "../lib/auth/users.ts";
import { defineCommand } from "../lib/cli/command-line.ts";
import { getDb } from "../lib/db/instance.ts";
import { MemoryError } from "../lib/memory/errors.ts";

const { values } = defineCommand({
  script: "user:create",
  summary: "Creates a console user in the database named by DATABASE_URL, who signs in with this email and password.",
  options: {
    email: { type: "string", placeholder: "address", description: "the user's email, their sign-in name" },
    password: {
      type: "string",
      placeholder: "password",
      description: "their password (or set MEMORY_CONSOLE_USER_PASSWORD, which stays out of shell history)",
    },
    role: { type: "string", placeholder: ROLES.join("|"), default: "viewer", description: "what they may do" },
    name: { type: "string", placeholder: "name", description: "the name the console shows" },
  },
  synopsis: "--email <address> --password <password> [options]",
  examples: [`npm run user:create -- --email ada@example.com --password 'correct horse battery staple' --role reviewer --name "Ada"`],
}).parseOrExit();
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
