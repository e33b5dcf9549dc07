import type { AppEnv } from "../env";

/** The ChatRelay that generates an account's answers (one per account, so it stays warm between turns). */
export function relayFor(env: Pick<AppEnv, "CHAT_RELAY">, ownerId: string) {
  return env.CHAT_RELAY.get(env.CHAT_RELAY.idFromName(ownerId));
}
