// An account's data is one thing (decision 0034): every table the account's object holds is claimed by exactly one
// part, which says how it is exported, counted against the quota and handed over from a visitor. A table added to
// db/account-schema.ts, or made by a hand-written migration, without a part fails here.
import { env, runInDurableObject } from "cloudflare:test";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as accountSchemaModule from "../../db/account-schema";
import { accountObject } from "../../app/.server/account/client";
import { operations } from "../../app/.server/account/operations";
import type { AccountPart } from "../../app/.server/account/part";
import { accountFolders, accountParts, tableClaims } from "../../app/.server/account/parts";
import { sqlOf, type AccountDb } from "../../app/.server/account/schema";
import { STORAGE_KINDS } from "../../app/.server/account/usage";
import type { AppEnv } from "../../app/.server/env";

const parts: readonly AccountPart[] = accountParts;
const schemaTables = (Object.values(accountSchemaModule) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

describe("every part of an account is claimed once", () => {
  it("claims each table of db/account-schema.ts in exactly one part", () => {
    const claimed = tableClaims.map((claim) => getTableName(claim.table));
    expect([...claimed].sort()).toEqual(schemaTables.map((table) => getTableName(table)).sort());
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it("claims each table the object's migrations make, full-text indexes included", async () => {
    const made = await runInDurableObject(accountObject(env as unknown as AppEnv, "u_parts_claims"), (instance) =>
      sqlOf((instance as unknown as { db: AccountDb }).db)
        .exec<{ name: string; sql: string }>("select name, sql from sqlite_master where type = 'table'")
        .toArray(),
    );
    const virtual = parts.flatMap((part) => part.virtualTables ?? []).map((table) => table.name);
    // SQLite's and the platform's own tables, drizzle's migration log and each full-text index's shadow tables.
    const own = (name: string) =>
      /^(sqlite_|_cf_|__drizzle_migrations$)/.test(name) || virtual.some((index) => name.startsWith(`${index}_`) && !virtual.includes(name));
    const unclaimed = made
      .map((table) => table.name)
      .filter((name) => !own(name))
      .filter((name) => !tableClaims.some((claim) => getTableName(claim.table) === name) && !virtual.includes(name));
    expect(unclaimed).toEqual([]);
    expect(
      made
        .filter((table) => /^create virtual/i.test(table.sql))
        .map((table) => table.name)
        .sort(),
    ).toEqual([...virtual].sort());
  });

  it("gives every claim an export and a quota answer, and every folder one part", () => {
    for (const claim of [...tableClaims, ...parts.flatMap((part) => part.folders)]) {
      expect("archive" in claim.export ? claim.export.archive.length : claim.export.notExported.length).toBeGreaterThan(0);
      expect("kind" in claim.quota ? claim.quota.kind.length : claim.quota.notCounted.length).toBeGreaterThan(0);
    }
    expect(new Set(accountFolders).size).toBe(accountFolders.length);
  });

  it("counts every kind of storage some claim names, and names no kind it does not count", () => {
    const claimed = new Set(
      [...tableClaims, ...parts.flatMap((part) => part.folders), ...parts.flatMap((part) => part.virtualTables ?? [])].flatMap((claim) =>
        "kind" in claim.quota ? [claim.quota.kind] : [],
      ),
    );
    expect([...claimed].sort()).toEqual(Object.keys(STORAGE_KINDS).sort());
  });

  it("names each operation in one part only", () => {
    const names = parts.flatMap((part) => Object.keys(part.operations));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(operations).sort()).toEqual([...names].sort());
  });
});
