// The horoscope's part of an account (decision 0034, decision 0016): the birth data entered once. Readings are chats.
import { eq } from "drizzle-orm";
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { birthProfileOperations } from "./operations";
import { legacyBirthProfiles } from "../../../db/legacy-schema";

export const horoscopePart = accountPart({
  name: "horoscope",
  tables: [
    {
      table: accountSchema.birthProfiles,
      export: { archive: ["horoscope/birth-profile.json"] },
      quota: { notCounted: "one short row" },
      handOver: true,
    },
  ],
  folders: [],
  operations: birthProfileOperations,
  movedFromD1: [
    {
      from: legacyBirthProfiles,
      to: accountSchema.birthProfiles,
      key: legacyBirthProfiles.ownerId,
      keyField: "ownerId",
      owned: (id) => eq(legacyBirthProfiles.ownerId, id),
      ownerColumn: legacyBirthProfiles.ownerId,
    },
  ],
});
