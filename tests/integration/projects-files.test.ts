// A project's files (decision 0038-projects): every chat of the project is answered from all of them without attaching
// them, by the passages ranked best across files (the right file and page among 10 files of 30 pages); the demo
// provider quotes the best passage with its page and file name; a removed file is no longer used.
import { describe, expect, it } from "vitest";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { documentRows } from "./documents-helpers";
import { addReadFile, askInProject, documentsAccount, newProject, projectAction, projectPage, projectRows } from "./projects-helpers";

const NEEDLE = "The boiler pressure must stay between twelve and fifteen bar.";
/** The streamed text with the PDF's line breaks folded into spaces. */
const flat = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ");
const FILES = 10;
const PAGES = 30;

/** Ten 30-page files with distinct filler, the needle on page 12 of the eighth. */
async function tenFiles(account: Awaited<ReturnType<typeof documentsAccount>>, projectId: string) {
  const ids: string[] = [];
  for (let index = 1; index <= FILES; index++) {
    const pages = numberedPages(PAGES, index === 8 ? { 12: NEEDLE } : {}).map((text) => `${text} Volume ${index} notes on plumbing and wiring.`);
    ids.push(await addReadFile(account, projectId, makePdf(pages), `manual-${index}.pdf`));
  }
  return ids;
}

describe("project files: answered from all of them", { timeout: 120_000 }, () => {
  it("a new chat and a second chat of the project are both sent the right file's page 12, named, within the budget", async () => {
    const account = await documentsAccount("system");
    const projectId = await newProject(account.client, "Flat", { instructions: "Answer as a careful plumber." });
    await tenFiles(account, projectId);
    const first = await askInProject(account.client, "What boiler pressure is right?", { projectId });
    expect(first.status).toBe(200);
    // The first passage sent is the right file's page 12, labelled with its name.
    const labels = [...first.streamed.matchAll(/^\[([^\]]+), p\. (\d+)\]/gm)].map((match) => `${match[1]} p.${match[2]}`);
    expect(labels[0]).toBe("manual-8.pdf p.12");
    expect(flat(first.streamed)).toContain(NEEDLE);
    expect(first.streamed).toContain("Answer as a careful plumber.");
    expect(first.streamed).toContain('belongs to the person\'s project "Flat"');
    // Within the budget: far fewer pages than the 300 the files hold.
    expect(labels.length).toBeLessThan(12);

    const second = await askInProject(account.client, "Remind me of the boiler pressure range.", { projectId });
    expect(second.streamed).toContain("[manual-8.pdf, p. 12]");
  });

  it("the demo provider quotes the best passage with its page and says which file it came from (en and tr)", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Flat");
    await tenFiles(account, projectId);
    const answer = await askInProject(account.client, "What boiler pressure is right?", { projectId });
    expect(answer.done?.text).toContain('From "manual-8.pdf"');
    expect(flat(answer.done?.text)).toContain("between twelve and fifteen bar");
    expect(answer.done?.text).toContain("[manual-8.pdf, p. 12]");
    const turkish = account.client.withEnv(account.env);
    turkish.cookies.set("locale", "tr");
    const inTurkish = await askInProject(turkish, "What boiler pressure is right?", { projectId });
    expect(inTurkish.done?.text).toContain('"manual-8.pdf" belgesinden');
  });

  it("a removed file is no longer used, and one no chat holds is deleted with its rows", async () => {
    const account = await documentsAccount("system");
    const projectId = await newProject(account.client, "Flat");
    const ids = await tenFiles(account, projectId);
    expect((await projectAction(account.client, projectId, { intent: "remove-file", documentId: ids[7]! })).status).toBe(200);
    const answer = await askInProject(account.client, "What boiler pressure is right?", { projectId });
    expect(answer.streamed).not.toContain("manual-8.pdf");
    expect(flat(answer.streamed)).not.toContain(NEEDLE);
    expect((await documentRows(account.user.id)).map((row) => row.id)).not.toContain(ids[7]);
    expect((await projectRows(account.user.id)).files).toHaveLength(FILES - 1);
    expect((await projectPage(account.client, projectId)).screen!.files).toHaveLength(FILES - 1);
    // Removing it again, or from another account, is 404.
    expect((await projectAction(account.client, projectId, { intent: "remove-file", documentId: ids[7]! })).status).toBe(404);
  });

  it("an old chat's citation of a removed file stays in its text, and the thread still lists the project's other files", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Flat");
    const ids = await tenFiles(account, projectId);
    const answer = await askInProject(account.client, "What boiler pressure is right?", { projectId });
    await projectAction(account.client, projectId, { intent: "remove-file", documentId: ids[7]! });
    const thread = await account.client.loaderData(`/web-main/${answer.threadId}`, "routes/_main.web-main.($threadId)");
    const documents = thread.data!.documents as Record<string, { name: string }>;
    expect(Object.values(documents).map((document) => document.name)).not.toContain("manual-8.pdf");
    expect(Object.keys(documents)).toHaveLength(FILES - 1);
    expect(thread.data!.project).toMatchObject({ id: projectId });
  });
});
