// "Download my data"'s part of an account (decision 0034, decision 0018): the export requests and their archives.
import { eq } from "drizzle-orm";
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { cleanUpDataExports, dataExportOperations, EXPORT_CLEANUP_TASK } from "./operations";
import { legacyDataExports } from "../../../db/legacy-schema";

export const exportsPart = accountPart({
  name: "exports",
  tables: [
    {
      table: accountSchema.dataExports,
      export: { notExported: "the export requests themselves" },
      quota: { notCounted: "one row per request" },
      handOver: { notHandedOver: "a visitor cannot export" },
    },
  ],
  folders: [
    {
      folder: "exports",
      export: { notExported: "the archives are the export" },
      quota: { notCounted: "made by the service, kept 7 days, at most 3 a day" },
    },
  ],
  operations: dataExportOperations,
  alarms: { [EXPORT_CLEANUP_TASK]: (account, now) => cleanUpDataExports(account, now) },
  movedFromD1: [
    {
      from: legacyDataExports,
      to: accountSchema.dataExports,
      key: legacyDataExports.id,
      keyField: "id",
      owned: (id) => eq(legacyDataExports.ownerId, id),
      ownerColumn: legacyDataExports.ownerId,
    },
  ],
});
