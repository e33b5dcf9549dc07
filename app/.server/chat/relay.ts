import type { AppEnv } from "../env";

/** The ChatRelay that generates an account's answers (one per account, so it stays warm between turns). */
export function relayFor(env: Pick<AppEnv, "ACCOUNT">, ownerId: string) {
  return env.ACCOUNT.get(env.ACCOUNT.idFromName(ownerId));
}
