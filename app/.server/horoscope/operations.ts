// The birth data's row inside the account's own object (decision 0016, 0026): read and saved there. Run by
// horoscope/birth-profile.ts through the account's client.
import { accountSchema, type AccountContext } from "../account/schema";

export type StoredBirthData = { birthDate: string; birthTime: string | null; placeId: string };

export const birthProfileOperations = {
  "birthProfile.get": ({ db }: AccountContext): StoredBirthData | null => {
    const row = db.select().from(accountSchema.birthProfiles).get();
    return row ? { birthDate: row.birthDate, birthTime: row.birthTime, placeId: row.placeId } : null;
  },
  "birthProfile.save": ({ db, accountId }: AccountContext, values: StoredBirthData): void => {
    const { birthProfiles } = accountSchema;
    const row = { ...values, updatedAt: Date.now() };
    db.insert(birthProfiles)
      .values({ ownerId: accountId, ...row })
      .onConflictDoUpdate({ target: birthProfiles.ownerId, set: row })
      .run();
  },
};
