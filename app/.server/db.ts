import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";

export type Database = ReturnType<typeof getDb>;

/** Drizzle over the D1 binding. Cheap to create; call per request. */
export function getDb(env: { DB: D1Database }) {
  return drizzle(env.DB, { schema });
}

export { schema };
