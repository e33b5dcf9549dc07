import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";

export type Database = ReturnType<typeof createDb>;

const createDb = (binding: D1Database) => drizzle(binding, { schema });

/**
 * One Drizzle instance per D1 binding, kept for the isolate's life. Creating one is not cheap: it rebuilds the
 * relational map of the whole schema, which a CPU profile of a chat turn showed at about a quarter of a millisecond
 * per call, several calls per turn. The instance holds no per-request state (the binding is the only I/O object).
 */
const instances = new WeakMap<D1Database, Database>();

export function getDb(env: { DB: D1Database }): Database {
  let db = instances.get(env.DB);
  if (!db) {
    db = createDb(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}

export { schema };
