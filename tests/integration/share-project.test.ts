// A share link of a project chat (decision 0038-projects, decision 0015): the visitor sees the chat's messages as
// shared, never the project's name, instructions or other files; a page an answer cites opens for the link's holder,
// only that file's cited page, and not once the file is removed from the project or the link is revoked.
import { describe, expect, it } from "vitest";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { Client } from "./auth-helpers";
import { ask, PDF, uploadAndRead } from "./documents-helpers";
import { addReadFile, askInProject, documentsAccount, newProject, projectAction } from "./projects-helpers";

const NEEDLE = "The boiler pressure must stay between twelve and fifteen bar.";
const SECRET_FILE = "salary-review.pdf";
const INSTRUCTIONS = "Always mention the landlord Mr Quentin Fairweather.";
const PROJECT = "Renovation of Elm Street 14";

type CitedPage = { ok: boolean; document?: { name: string; pages: number | null }; page?: { number: number; text: string }; error?: { code: string } };

async function citedPage(client: Client, shareId: string, page: number, name?: string) {
  const query = name === undefined ? "" : `?name=${encodeURIComponent(name)}`;
  const response = await client.get(`/api/shares/${shareId}/pages/${page}${query}`);
  return { status: response.status, json: (await response.json()) as CitedPage };
}

describe("sharing a project chat", { timeout: 120_000 }, () => {
  it("shows the messages, not the project, and opens only the cited page of the cited file", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, PROJECT, { instructions: INSTRUCTIONS });
    const manualId = await addReadFile(account, projectId, makePdf(numberedPages(20, { 12: NEEDLE })), "boiler-manual.pdf");
    await addReadFile(account, projectId, makePdf(numberedPages(5, { 2: "Salaries rise by four percent." })), SECRET_FILE);
    const answer = await askInProject(account.client, "What boiler pressure is right?", { projectId });
    expect(answer.done?.text).toContain("[boiler-manual.pdf, p. 12]");

    const made = await account.client.fetch(`/api/threads/${answer.threadId}/share`, { method: "POST", body: new URLSearchParams({ intent: "share" }) });
    expect(made.status).toBe(200);
    const shareId = ((await made.json()) as { share: { id: string } }).share.id;

    const visitor = new Client();
    const page = await (await visitor.get(`/share/${shareId}`)).text();
    expect(page).toContain("What boiler pressure is right?");
    expect(page).toContain("boiler-manual.pdf, p. 12");
    for (const secret of [PROJECT, INSTRUCTIONS, "Quentin", SECRET_FILE, projectId, manualId]) expect(page).not.toContain(secret);

    // The cited page opens for the link's holder, with the file's name only.
    const cited = await citedPage(visitor, shareId, 12, "boiler-manual.pdf");
    expect(cited.status).toBe(200);
    expect(cited.json.document).toEqual({ name: "boiler-manual.pdf", pages: 20 });
    expect(cited.json.page?.text.replace(/\s+/g, " ")).toContain(NEEDLE);
    expect(JSON.stringify(cited.json)).not.toContain(manualId);
    // Another page of it, the project's other file, and a citation without a name are not cited: not found.
    for (const [number, name] of [
      [11, "boiler-manual.pdf"],
      [2, SECRET_FILE],
      [12, undefined],
    ] as const) {
      const refused = await citedPage(visitor, shareId, number, name);
      expect(refused.status).toBe(404);
      expect(refused.json.error?.code).toBe("share/not-found");
    }

    // Removed from the project, the file no longer opens through the link; a revoked link opens nothing.
    expect((await projectAction(account.client, projectId, { intent: "remove-file", documentId: manualId })).status).toBe(200);
    expect((await citedPage(visitor, shareId, 12, "boiler-manual.pdf")).status).toBe(404);
  });

  it("a document attached in the chat is not in the snapshot as a picture: only its cited page opens", async () => {
    const account = await documentsAccount(null);
    const attached = await uploadAndRead(account, makePdf(numberedPages(3, { 2: NEEDLE })), "boiler-manual.pdf", PDF);
    const answer = await ask(account.client, "What boiler pressure is right?", { attachmentId: attached.id });
    expect(answer.status).toBe(200);
    const made = await account.client.fetch(`/api/threads/${answer.threadId}/share`, { method: "POST", body: new URLSearchParams({ intent: "share" }) });
    const shareId = ((await made.json()) as { share: { id: string } }).share.id;
    const page = await (await new Client().get(`/share/${shareId}`)).text();
    expect(page).toContain("What boiler pressure is right?");
    // Before, the document's id was shown as an image the link could not serve (a broken picture).
    expect(page).not.toContain(attached.id);
    expect(answer.done?.text).toContain("[p. 2]");
    const cited = await citedPage(new Client(), shareId, 2);
    expect(cited.status).toBe(200);
    expect(cited.json.page?.text.replace(/\s+/g, " ")).toContain(NEEDLE);
  });

  it("a revoked link's cited page is not found", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, PROJECT);
    await addReadFile(account, projectId, makePdf(numberedPages(20, { 12: NEEDLE })), "boiler-manual.pdf");
    const answer = await askInProject(account.client, "What boiler pressure is right?", { projectId });
    const made = await account.client.fetch(`/api/threads/${answer.threadId}/share`, { method: "POST", body: new URLSearchParams({ intent: "share" }) });
    const shareId = ((await made.json()) as { share: { id: string } }).share.id;
    expect((await citedPage(new Client(), shareId, 12, "BOILER-MANUAL.PDF")).status).toBe(200);
    await account.client.fetch(`/api/shares/${shareId}`, { method: "POST", body: new URLSearchParams({ intent: "revoke" }) });
    expect((await citedPage(new Client(), shareId, 12, "boiler-manual.pdf")).status).toBe(404);
  });
});
