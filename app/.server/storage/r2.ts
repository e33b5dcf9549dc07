// R2 clean-up helpers shared by every deletion that removes a folder of an account's files (account, chats, a thread).
import type { AppEnv } from "../env";

/** Deletes `keys` (duplicates allowed), 1,000 per call as R2 allows; a key already gone is not an error. */
export async function deleteR2Keys(env: AppEnv, keys: Iterable<string>): Promise<void> {
  const all = [...new Set(keys)];
  for (let start = 0; start < all.length; start += 1000) await env.MEDIA.delete(all.slice(start, start + 1000));
}

/** Every key under `prefix`, page by page. */
export async function listR2Prefix(env: AppEnv, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ prefix, cursor, limit: 1000 });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}
