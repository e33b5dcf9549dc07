// The account object runs db/account-migrations/index.ts, bundled from the SQL drizzle-kit wrote: a migration added
// without `npm run db:generate` finishing would never run. This fails until the module matches the SQL files.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script with no type declarations.
import { accountMigrationsModule } from "../../scripts/account-migrations.mjs";

describe("account migrations module", () => {
  it("is generated from the SQL files in db/account-migrations", () => {
    const onDisk = readFileSync(new URL("../../db/account-migrations/index.ts", import.meta.url), "utf8");
    expect(onDisk).toBe(accountMigrationsModule());
  });
});
