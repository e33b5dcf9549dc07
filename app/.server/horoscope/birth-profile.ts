// Birth data entered once per account (a user id or a visitor's guest id) and reused by every horoscope form that
// needs it (decision 0016). The place must be one of the offline list; the row keeps only its id. It lives in the
// account's own object (decision 0026): its operations (operations.ts) run there, the exported functions call them.
import type { BirthProfileInput } from "../../lib/schemas/horoscope";
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import type { StoredBirthData } from "./operations";
import { findPlace, type Place } from "./places";

export interface BirthProfile {
  birthDate: string;
  birthTime: string | null;
  place: Place;
}

export async function getBirthProfile(env: AppEnv, ownerId: string | null): Promise<BirthProfile | null> {
  if (!ownerId) return null;
  return toBirthProfile(await inAccount(env, ownerId, "birthProfile.get"));
}

/** The stored row with its place looked up ("Download my data" reads the row with the account's other rows). */
export function toBirthProfile(row: StoredBirthData | null): BirthProfile | null {
  const place = findPlace(row?.placeId);
  // A place dropped from a later list leaves the row unusable rather than wrong: the form asks again.
  return row && place ? { birthDate: row.birthDate, birthTime: row.birthTime, place } : null;
}

/** Stores (or replaces) the account's birth data. An id not in the list is refused before anything is written. */
export async function saveBirthProfile(env: AppEnv, ownerId: string, input: BirthProfileInput): Promise<BirthProfile> {
  const place = findPlace(input.placeId);
  if (!place) throw new AppError("horoscope/place-unknown");
  const values = { birthDate: input.birthDate, birthTime: input.birthTime ?? null, placeId: place.id };
  await inAccount(env, ownerId, "birthProfile.save", values);
  return { birthDate: values.birthDate, birthTime: values.birthTime, place };
}
