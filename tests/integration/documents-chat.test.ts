// Documents in chat end to end inside workerd (decision 0031): a document uploaded, read
// by the document-reads consumer, and asked about. With the fake upstream's "system" behaviour the answer is the
// system text the model was sent, so each test reads exactly which passages and labels reached the model.
import { describe, expect, it } from "vitest";
import { UPLOAD_LIMITS } from "../../app/.server/write-limits";
import { makeDocx, makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { ask, documentsAccount, DOCX, getDocument, pageRows, PDF, readAll, uploadAndRead, uploadFile } from "./documents-helpers";

const SENTENCE = "The launch code is Zebra-17 and it opens the north gate.";

describe("documents in chat: read, asked about, cited by page", { timeout: 60_000 }, () => {
  it("a 30-page PDF is read page by page; its page 17 reaches the model labelled [p. 17], in follow-ups too", async () => {
    const account = await documentsAccount("system");
    const uploaded = await uploadFile(account.client, makePdf(numberedPages(30, { 17: SENTENCE })), "report.pdf", PDF);
    expect(uploaded).toMatchObject({
      status: 201,
      json: { ok: true, kind: "document", document: { name: "report.pdf", contentType: PDF, pages: 30, state: "reading", progress: 0, failure: null } },
    });
    const id = uploaded.json.id!;
    // With the quota its text must fit (decision 0013).
    expect(account.sent).toEqual([{ documentId: id, accountId: account.user.id, quotaBytes: UPLOAD_LIMITS.storageQuotaBytes.free }]);

    // Sending before it is read is refused: the composer waits for "Ready".
    const early = await ask(account.client, "What is the launch code?", { attachmentId: id });
    expect(early).toMatchObject({ status: 409, error: { code: "document/not-ready" } });

    const read = await readAll(account, id);
    expect(read.json.document).toMatchObject({ id, state: "ready", progress: 100, pages: 30, failure: null });
    const page = await account.client.fetch(`/api/documents/${id}/pages/17`);
    expect(await page.json()).toMatchObject({
      ok: true,
      document: { id, state: "ready" },
      page: { number: 17, heading: null, text: expect.stringContaining("Zebra-17") },
    });

    const turn = await ask(account.client, "What is the launch code?", { attachmentId: id });
    expect(turn.status).toBe(200);
    expect(turn.streamed).toContain("[p. 17]");
    expect(turn.streamed).toContain("Zebra-17");
    expect(turn.streamed).toMatch(/cite .*\[p\. 12\]/);
    // The first turn bound the document to its thread.
    expect((await getDocument(account.client, id)).json.document).toMatchObject({ threadId: turn.threadId });

    const followUp = await ask(account.client, "And which gate does the code open?", { threadId: turn.threadId! });
    expect(followUp.status).toBe(200);
    expect(followUp.streamed).toContain("[p. 17]");
    expect(followUp.streamed).toMatch(/north\s+gate/);
  });

  it("a long PDF is sent by its best passages: page 17 first, the rest of the document left out", async () => {
    const account = await documentsAccount("system");
    const long = numberedPages(120, { 17: SENTENCE }).map((text) => `${text} ${text} ${text} ${text}`);
    const { id } = await uploadAndRead(account, makePdf(long), "manual.pdf", PDF);
    const turn = await ask(account.client, "What is the launch code?", { attachmentId: id });
    const labels = [...turn.streamed.matchAll(/^\[p\. (\d+)\]/gm)].map((match) => Number(match[1]));
    expect(labels[0]).toBe(17);
    expect(labels.length).toBeLessThan(15);
    expect(turn.streamed).toContain("passages that best match the question");
  });

  it("a 300-page PDF is read whole: every page kept and searchable, however many arrive between two progress saves", async () => {
    const account = await documentsAccount("system");
    const { id, document } = await uploadAndRead(account, makePdf(numberedPages(300, { 287: SENTENCE })), "thick.pdf", PDF);
    expect(document).toMatchObject({ state: "ready", pages: 300, progress: 100 });
    expect(await pageRows(account.user.id, id)).toHaveLength(300);
    const turn = await ask(account.client, "What is the launch code?", { attachmentId: id });
    expect(turn.streamed).toMatch(/^\[p\. 287\]/m);
  });

  it("a DOCX is read per heading and a TXT per paragraph; each answer gets its passage and page label", async () => {
    const account = await documentsAccount("system");
    const docx = makeDocx([
      { heading: "Introduction", paragraphs: ["This contract is between Acme and the tenant."] },
      { heading: "Payment terms", paragraphs: ["The monthly fee is 42 euros, paid on the first day of the month."] },
      { heading: "Ending", paragraphs: ["Either side may end it with 30 days notice."] },
    ]);
    const word = await uploadAndRead(account, docx, "contract.docx", DOCX);
    expect(word.document).toMatchObject({ state: "ready", pages: 3, contentType: DOCX });
    const section = await (await account.client.fetch(`/api/documents/${word.id}/pages/2`)).json();
    expect(section).toMatchObject({ page: { number: 2, heading: "Payment terms", text: expect.stringContaining("42 euros") } });
    const docxTurn = await ask(account.client, "How much is the monthly fee?", { attachmentId: word.id });
    expect(docxTurn.streamed).toContain("[p. 2] Payment terms");
    expect(docxTurn.streamed).toContain("42 euros");

    const paragraphs = Array.from({ length: 12 }, (_, index) =>
      index === 7
        ? "The spare key is hidden under the blue flowerpot by the back door."
        : `Paragraph ${index + 1} ${"describes the garden and its paths. ".repeat(20)}`,
    );
    const text = await uploadAndRead(account, new TextEncoder().encode(paragraphs.join("\n\n")), "notes.txt", "text/plain");
    expect(text.document).toMatchObject({ state: "ready", contentType: "text/plain" });
    expect(text.document.pages).toBeGreaterThan(1);
    const txtTurn = await ask(account.client, "Where is the spare key?", { attachmentId: text.id });
    const label = /\[p\. (\d+)\]\n[^[]*blue flowerpot/.exec(txtTurn.streamed);
    expect(label).not.toBeNull();
    const page = await (await account.client.fetch(`/api/documents/${text.id}/pages/${label![1]}`)).json();
    expect(page).toMatchObject({ page: { text: expect.stringContaining("blue flowerpot") } });
  });

  it("offline, the demo provider quotes the best-matching sentence with its page citation (en and tr)", async () => {
    const account = await documentsAccount(null);
    const { id } = await uploadAndRead(account, makePdf(numberedPages(30, { 17: SENTENCE })), "report.pdf", PDF);
    const turn = await ask(account.client, "What is the launch code?", { attachmentId: id });
    expect(turn.streamed).toContain("**Demo model.**");
    expect(turn.streamed).toContain(`From "report.pdf": "…${SENTENCE}…" [p. 17]`);

    account.client.cookies.set("locale", "tr");
    const again = await ask(account.client, "Fırlatma kodu (launch code) nedir?", { threadId: turn.threadId! });
    expect(again.streamed).toContain(`"report.pdf" belgesinden: "…${SENTENCE}…" [p. 17]`);
  });
});
