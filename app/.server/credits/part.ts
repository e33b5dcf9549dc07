// Credits' part of an account (decision 0034, docs/product.md §6): the day's charges, kept 35 days.
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { creditOperations } from "./account-credits";

export const creditsPart = accountPart({
  name: "credits",
  tables: [
    {
      table: accountSchema.creditCharges,
      export: { notExported: "the daily allowance's ledger of request keys, kept 35 days; nothing the person wrote" },
      quota: { notCounted: "a few rows a day, forgotten after 35 days" },
      handOver: { notHandedOver: "a visitor's day was the visitor's (decision 0011)" },
    },
  ],
  folders: [],
  operations: creditOperations,
});
