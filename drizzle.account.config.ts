import { defineConfig } from "drizzle-kit";

// The account object's own tables (db/account-schema.ts, decision 0026): drizzle-kit writes SQL migrations under
// db/account-migrations, and scripts/account-migrations.mjs bundles them into the module the object runs on start.
export default defineConfig({
  dialect: "sqlite",
  driver: "durable-sqlite",
  schema: "./db/account-schema.ts",
  out: "./db/account-migrations",
});
