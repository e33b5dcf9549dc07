// Bindings that exist only in the Workers pool (vitest.config.ts adds them next to wrangler.toml's).
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A database of its own where account-moves-drop.test.ts drops the old per-account tables. */
      LEGACY_DROP_DB: D1Database;
      /** A database of its own where sessions-drop.test.ts drops D1's old sessions table. */
      SESSIONS_DROP_DB: D1Database;
    }
  }
}
