// The horoscope's part of an account (decision 0034, decision 0016): the birth data entered once. Readings are chats.
import { eq } from "drizzle-orm";
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { schema } from "../db";
import { birthProfileOperations } from "./operations";

const { birthProfiles } = schema;

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
      from: birthProfiles,
      to: accountSchema.birthProfiles,
      key: birthProfiles.ownerId,
      keyField: "ownerId",
      owned: (id) => eq(birthProfiles.ownerId, id),
      ownerColumn: birthProfiles.ownerId,
    },
  ],
});
