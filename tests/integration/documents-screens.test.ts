// Documents on the screens and in "Download my data" (decision 0031): the chat thread's loader names the
// documents its messages attach, the gallery's Files tab lists them with their thread's title, and the data export
// carries each original file and its extracted text.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { FILES_PAGE_SIZE } from "../../app/.server/documents/operations";
import { signedInClient } from "./auth-helpers";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { ask, documentsAccount, PDF, seedTextDocuments, uploadAndRead } from "./documents-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { deliver } from "./images-helpers";

const SENTENCE = "The launch code is Zebra-17.";

/** The link "Show more" is under the Files tab, as a browser without the page's script follows it. */
const filesMoreLink = (html: string) => /href="(\/gallery\?tab=files&amp;filesCursor=[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");

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

  it("the Files tab shows the newest page of files and a 'Show more' that loads the rest, in en and tr, script or not", async () => {
    const { client, user } = await signedInClient();
    const total = FILES_PAGE_SIZE + 3;
    await seedTextDocuments(user.id, total);

    const first = await client.fetch("/gallery?tab=files");
    const html = await first.text();
    expect(first.status).toBe(200);
    expect(html).toContain(`note-${total - 1}.txt`);
    expect(html).toContain(`note-3.txt`);
    expect(html).not.toContain(`note-2.txt`);
    expect(html).toContain("Show more");
    const more = filesMoreLink(html);
    expect(more).toBeTruthy();

    // Without the script: the link opens the next page of files, which is the last.
    const next = await client.fetch(more!);
    const nextHtml = await next.text();
    expect(next.status).toBe(200);
    for (const index of [2, 1, 0]) expect(nextHtml).toContain(`note-${index}.txt`);
    expect(nextHtml).not.toContain(`note-3.txt`);
    expect(filesMoreLink(nextHtml)).toBeUndefined();

    // With it: the same address fetched as data holds just that page for the list to append.
    const loaded = await client.loaderData(more!, "routes/_main.gallery");
    const data = loaded.data as { files: { name: string }[]; filesCursor: string | null };
    expect(data.files.map((file) => file.name)).toEqual(["note-2.txt", "note-1.txt", "note-0.txt"]);
    expect(data.filesCursor).toBeNull();

    const turkish = await (await client.fetch("/gallery?tab=files&lng=tr")).text();
    expect(turkish).toContain("Daha fazla göster");
  });
});
