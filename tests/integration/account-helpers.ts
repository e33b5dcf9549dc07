// Reading an account's own storage in a test (decision 0026): each account's rows live in its Durable Object, so a
// test asks that object, the same one the app reaches by the account id, and reads its SQLite with drizzle.
import { env, runInDurableObject } from "cloudflare:test";
import { accountSchema, type AccountDb } from "../../app/.server/account/schema";

export { accountSchema };

/** Runs `read` against the account's own database, inside its object. */
export function inAccountDb<T>(accountId: string, read: (db: AccountDb) => T | Promise<T>): Promise<T> {
  const stub = env.ACCOUNT.get(env.ACCOUNT.idFromName(accountId));
  // `db` is the object's own (protected) field; a test reads it from inside the object, as the object does.
  return runInDurableObject(stub, (instance) => read((instance as unknown as { db: AccountDb }).db));
}
