// Documents' part of an account (decision 0034, decision 0031): files attached in chat, their text page by page, and
// document_search over it. Their clean-up shares the uploads' alarm task (images/part.ts).
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { documentOperations } from "./operations";
import { documentTurnOperations } from "./passages";

export const documentsPart = accountPart({
  name: "documents",
  tables: [
    { table: accountSchema.documents, export: { archive: ["documents/documents.json"] }, quota: { kind: "documents" }, handOver: true },
    { table: accountSchema.documentPages, export: { archive: ["documents/<date>-<id>-text.txt"] }, quota: { kind: "documents" }, handOver: true },
  ],
  virtualTables: [{ name: "document_search", export: { notExported: "an index made from the pages' text" }, quota: { kind: "documents" } }],
  folders: [{ folder: "documents", export: { archive: ["documents/<date>-<id>-<name>"] }, quota: { kind: "documents" } }],
  operations: { ...documentOperations, ...documentTurnOperations },
});
