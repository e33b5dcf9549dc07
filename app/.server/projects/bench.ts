// Bench only (`npm run bench`, "Projects: retrieval over 200 files of 50 pages in the object"): fills an account's
// object with a project of many read files and times the project's retrieval (projects/retrieval.ts) inside the
// object, where a turn runs it, reporting the passages' estimated tokens. The operations refuse to run unless APP_ENV
// is "development"; the route that calls them (dev.project-bench.ts) answers only on this machine (SECURITY.md
// "Development pages").
import type { AccountContext } from "../account/schema";
import { accountSchema } from "../account/schema";
import { estimateDocumentTokens } from "../documents/passages";
import { AppError } from "../errors";
import { projectPassages } from "./retrieval";

const { projects, projectFiles, documents, documentPages } = accountSchema;
/** Pages in one insert: four bound values each, under the 100 a Durable Object SQLite statement takes. */
const PAGES_PER_INSERT = 20;

function developmentOnly({ env }: AccountContext) {
  if (env.APP_ENV !== "development") throw new AppError("request/not-found");
}

export const projectBenchOperations = {
  /** A project (made on the first call) and one ready file of `pages` pages of text, added to it. */
  "bench.seedProjectFile": (account: AccountContext, input: { projectId: string; fileIndex: number; pages: string[] }): void => {
    developmentOnly(account);
    const { db, accountId } = account;
    db.transaction((tx) => {
      tx.insert(projects).values({ id: input.projectId, ownerId: accountId, name: "Bench project" }).onConflictDoNothing().run();
      const id = crypto.randomUUID();
      const chars = input.pages.reduce((sum, text) => sum + text.length, 0);
      tx.insert(documents)
        .values({
          id,
          ownerId: accountId,
          name: `file-${input.fileIndex}.pdf`,
          contentType: "application/pdf",
          r2Key: `bench/${id}.pdf`,
          bytes: chars,
          pages: input.pages.length,
          state: "ready",
          progress: 100,
          chars,
        })
        .run();
      const rows = input.pages.map((text, index) => ({ documentId: id, number: index + 1, heading: null, text }));
      for (let start = 0; start < rows.length; start += PAGES_PER_INSERT)
        tx.insert(documentPages)
          .values(rows.slice(start, start + PAGES_PER_INSERT))
          .run();
      tx.insert(projectFiles).values({ documentId: id, projectId: input.projectId, addedAt: Date.now() }).run();
    });
  },
  /** Times `rounds` rounds of `perRound` retrievals for `question` (the object's clock ticks in whole milliseconds). */
  "bench.timeProjectRetrieval": (account: AccountContext, input: { projectId: string; question: string; rounds: number; perRound: number }) => {
    developmentOnly(account);
    const perCall: number[] = [];
    let passages = projectPassages(account.db, input.projectId, input.question);
    for (let round = 0; round < input.rounds; round++) {
      const started = Date.now();
      for (let run = 0; run < input.perRound; run++) passages = projectPassages(account.db, input.projectId, input.question);
      perCall.push((Date.now() - started) / input.perRound);
    }
    const text = passages.flatMap((file) => file.passages.map((page) => page.text)).join("");
    return {
      perCall,
      files: passages.length,
      pages: passages.reduce((sum, file) => sum + file.passages.length, 0),
      best: passages[0] ? `${passages[0].name} p. ${passages[0].bestPage}` : null,
      tokens: estimateDocumentTokens(text.length),
    };
  },
};
