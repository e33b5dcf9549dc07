// Documents on the screens and in "Download my data" (issue 35; decision 0031): the chat thread's loader names the
// documents its messages attach, the gallery's Files tab lists them with their thread's title, and the data export
// carries each original file and its extracted text.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { ask, documentsAccount, PDF, uploadAndRead } from "./documents-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { deliver } from "./images-helpers";

const SENTENCE = "The launch code is Zebra-17.";

describe("documents on the screens and in the data export", { timeout: 60_000 }, () => {
  it("the thread's loader and the gallery's Files tab show the document; the export holds its file and text", async () => {
    const account = await documentsAccount(null);
    const { id } = await uploadAndRead(account, makePdf(numberedPages(20, { 17: SENTENCE })), "report.pdf", PDF);
    const turn = await ask(account.client, "What is the launch code?", { attachmentId: id });

    const chat = await account.client.fetch(`/web-main/${turn.threadId}.data`);
    const chatData = await chat.text();
    expect(chat.status).toBe(200);
    expect(chatData).toContain('"documents"');
    expect(chatData).toContain("report.pdf");

    const gallery = await account.client.fetch("/gallery.data");
    const galleryData = await gallery.text();
    expect(galleryData).toContain('"files"');
    expect(galleryData).toContain("report.pdf");
    expect(galleryData).toContain("What is the launch code?");

    const { env, sent } = exportsEnv(account.env);
    const client = account.client.withEnv(env);
    expect((await startExport(client)).status).toBe(202);
    await deliver(env, [{ id: "export-documents", body: sent[0] }], "data-exports");
    const ready = await latestExport(client);
    const files = unzipSync(new Uint8Array(await (await client.fetch(ready!.downloadUrl!)).arrayBuffer()));
    const listed = JSON.parse(strFromU8(files["documents/documents.json"]!)) as { file: string; text: string; chat: string; pages: number }[];
    expect(listed).toEqual([expect.objectContaining({ name: "report.pdf", type: PDF, pages: 20, state: "ready", chat: expect.stringMatching(/^chats\//) })]);
    expect(strFromU8(files[`documents/${listed[0]!.file}`]!.slice(0, 5))).toBe("%PDF-");
    expect(strFromU8(files[`documents/${listed[0]!.text}`]!)).toMatch(/--- p\. 17 ---\n[^]*Zebra-17/);
  });
});
