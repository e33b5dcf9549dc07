import { defineConfig } from "drizzle-kit";

// drizzle-kit writes SQL migrations that wrangler (`migrations_dir`) and the tests both apply.
export default defineConfig({
  dialect: "sqlite",
  schema: ["./db/schema.ts", "./db/legacy-schema.ts"],
  out: "./db/migrations",
});
