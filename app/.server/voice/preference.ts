// The voice an account chose in Settings (decision 0025), kept with the account so every device and WhatsApp voice
// replies speak with it. Unset (or a voice no longer offered) is the default voice.
import { eq } from "drizzle-orm";
import { DEFAULT_VOICE, isVoice, type Voice } from "../../lib/voice";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";

export async function accountVoice(env: AppEnv, accountId: string): Promise<Voice> {
  return voiceOf(await getDb(env).select({ voice: schema.users.voice }).from(schema.users).where(eq(schema.users.id, accountId)).get());
}

/** The voice of a users row already read (the settings page reads it once, identity.ts viewerUserRow). */
export function voiceOf(row: { voice: string | null } | undefined): Voice {
  return isVoice(row?.voice) ? row.voice : DEFAULT_VOICE;
}

export async function setAccountVoice(env: AppEnv, accountId: string, voice: Voice): Promise<void> {
  await getDb(env).update(schema.users).set({ voice, updatedAt: Date.now() }).where(eq(schema.users.id, accountId));
}
