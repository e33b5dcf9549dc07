// How the app reaches a WhatsApp number's own object (number-object.ts, docs/decisions/0036-whatsapp-number-object.md):
// one per number, by the number's digits. D1 keeps only the link between number and account; the links of an account
// are read here when its deletion must reach its number's object.
import { eq } from "drizzle-orm";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";

export function numberObject(env: Pick<AppEnv, "WHATSAPP_NUMBER">, phone: string) {
  return env.WHATSAPP_NUMBER.get(env.WHATSAPP_NUMBER.idFromName(phone));
}

export type NumberObject = ReturnType<typeof numberObject>;

/** The number linked to `userId` (one at most), from D1. */
export async function linkedPhoneOf(env: AppEnv, userId: string): Promise<string | null> {
  const row = await getDb(env).select({ phone: schema.whatsappLinks.phone }).from(schema.whatsappLinks).where(eq(schema.whatsappLinks.userId, userId)).get();
  return row?.phone ?? null;
}

/**
 * The account deletion job's step for WhatsApp (decision 0033): the object of the number linked to the account is
 * emptied (its message ids, replies, statuses, failures and what it knew of the link). Run while the link row still
 * exists (the job deletes D1's rows last); safe to repeat.
 */
export async function eraseNumbersOf(env: AppEnv, accountId: string): Promise<void> {
  const phone = await linkedPhoneOf(env, accountId);
  if (phone) await numberObject(env, phone).erase();
}
