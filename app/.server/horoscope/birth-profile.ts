// Birth data entered once per account (a user id or a visitor's guest id) and reused by every horoscope form that
// needs it (decision 0016). The place must be one of the offline list; the row keeps only its id.
import { eq, sql } from "drizzle-orm";
import type { BirthProfileInput } from "../../lib/schemas/horoscope";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findPlace, type Place } from "./places";

export interface BirthProfile {
  birthDate: string;
  birthTime: string | null;
  place: Place;
}

export async function getBirthProfile(env: AppEnv, ownerId: string | null): Promise<BirthProfile | null> {
  if (!ownerId) return null;
  const row = await getDb(env).query.birthProfiles.findFirst({ where: eq(schema.birthProfiles.ownerId, ownerId) });
  const place = findPlace(row?.placeId);
  // A place dropped from a later list leaves the row unusable rather than wrong: the form asks again.
  return row && place ? { birthDate: row.birthDate, birthTime: row.birthTime, place } : null;
}

/** Stores (or replaces) the account's birth data. An id not in the list is refused before anything is written. */
export async function saveBirthProfile(env: AppEnv, ownerId: string, input: BirthProfileInput): Promise<BirthProfile> {
  const place = findPlace(input.placeId);
  if (!place) throw new AppError("horoscope/place-unknown");
  const values = { birthDate: input.birthDate, birthTime: input.birthTime ?? null, placeId: place.id, updatedAt: Date.now() };
  await getDb(env)
    .insert(schema.birthProfiles)
    .values({ ownerId, ...values })
    .onConflictDoUpdate({ target: schema.birthProfiles.ownerId, set: values });
  return { birthDate: values.birthDate, birthTime: values.birthTime, place };
}

/** A visitor who signs in brings their birth data, unless the account already has its own. */
export function adoptGuestBirthProfile(env: AppEnv, guestId: string, userId: string) {
  const db = getDb(env);
  const { birthProfiles } = schema;
  return [
    db
      .update(birthProfiles)
      .set({ ownerId: userId })
      .where(sql`${birthProfiles.ownerId} = ${guestId} and not exists (select 1 from ${birthProfiles} where ${birthProfiles.ownerId} = ${userId})`),
    db.delete(birthProfiles).where(eq(birthProfiles.ownerId, guestId)),
  ] as const;
}
