import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations, type RelationalSchemaConfig } from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema";
import { primaryOf } from "./db-session";

type Schema = typeof schema;
export type Database = DrizzleD1Database<Schema>;

/**
 * What drizzle() rebuilds on every call: the relational map of the whole schema, which a CPU profile of a chat turn
 * showed at about a quarter of a millisecond. A request now brings its own D1 session (db-session.ts), so it gets
 * its own instance; built from this map, made once per isolate, an instance costs a few microseconds.
 */
let relational: RelationalSchemaConfig<ExtractTablesWithRelations<Schema>> | undefined;
const dialect = new SQLiteAsyncDialect();

/** drizzle(client, { schema }) without the per-call schema walk (no logger, no cache: the app uses neither). */
function createDb(client: D1Database): Database {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables as ExtractTablesWithRelations<Schema>, tableNamesMap: tables.tableNamesMap };
  }
  const session = new SQLiteD1Session<Schema, ExtractTablesWithRelations<Schema>>(client, dialect, relational, {});
  return new DrizzleD1Database<Schema>("async", dialect, session, relational);
}

/** One instance per D1 client: the isolate's binding (queues, crons, Durable Objects) or a request's session. */
const instances = new WeakMap<D1Database, Database>();

function dbFor(client: D1Database): Database {
  let db = instances.get(client);
  if (!db) {
    db = createDb(client);
    instances.set(client, db);
  }
  return db;
}

/** The request's database: reads may be served by a nearby read replica, never older than the person's own writes. */
export function getDb(env: { DB: D1Database }): Database {
  return dbFor(env.DB);
}

/**
 * The same database, but the request's first query of it goes to the primary: for sign-in, billing and credit writes,
 * whose reads just before (does this e-mail exist, is this event new) must not come from a replica that lags.
 */
export function getPrimaryDb(env: { DB: D1Database }): Database {
  return dbFor(primaryOf(env.DB));
}

export { schema };

/** A write refused by a UNIQUE constraint (D1 wraps SQLite's error in `cause`): the row is already there. */
export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error));
}
