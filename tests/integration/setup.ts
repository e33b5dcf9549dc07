// Runs before each integration test file: bring the local D1 database to the schema in db/migrations.
// applyD1Migrations records what it applied, so running it for every file is cheap and idempotent.
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
