// Projects' part of an account (decision 0034, decision 0038-projects): the projects, which chats are in each, which
// documents and images each holds. A project's files are documents (documents/part.ts), counted against the storage quota there.
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { projectBenchOperations } from "./bench";
import { projectOperations } from "./operations";

const FOLDER_PER_PROJECT = { archive: ["projects/<name>-<id>/project.json", "projects/<name>-<id>/instructions.md"] } as const;
const SMALL_ROWS = { notCounted: "a name and at most 4,000 characters of instructions per project, at most 100 projects" } as const;
const ACCOUNTS_ONLY = { notHandedOver: "a visitor has no projects: making one needs an account" } as const;

export const projectsPart = accountPart({
  name: "projects",
  tables: [
    { table: accountSchema.projects, export: FOLDER_PER_PROJECT, quota: SMALL_ROWS, handOver: ACCOUNTS_ONLY },
    { table: accountSchema.projectChats, export: FOLDER_PER_PROJECT, quota: SMALL_ROWS, handOver: ACCOUNTS_ONLY },
    {
      table: accountSchema.projectFiles,
      export: FOLDER_PER_PROJECT,
      quota: { notCounted: "the files are documents, counted under documents (documents/part.ts)" },
      handOver: ACCOUNTS_ONLY,
    },
    {
      table: accountSchema.projectImages,
      export: { archive: ["projects/<name>-<id>/project.json", "uploads/<date>-project-image-<id>.<ext>"] },
      quota: { notCounted: "the images are uploads, counted under uploads (images/part.ts)" },
      handOver: ACCOUNTS_ONLY,
    },
  ],
  folders: [],
  operations: { ...projectOperations, ...projectBenchOperations },
});
