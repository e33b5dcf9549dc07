// Hostile document uploads (SECURITY.md "Documents in chat", decision 0031): a 102-byte ZIP64 file declaring 10^8
// entries is refused from its end records without walking them, while a page asked at the same moment is served; the
// file is checked before the day's upload allowance is taken; a DOCX bomb and a DOCX whose headers disagree fail as
// they are read, under the reader's one budget, while another account's PDF upload goes through.
import { describe, expect, it } from "vitest";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { makePdf } from "../fixtures/make-documents.mjs";
import { makeBombDocx, makeDisagreeingDocx, makeZip64Count } from "../fixtures/make-hostile-zips.mjs";
import { Client, guestIdOf } from "./auth-helpers";
import { DOCX, documentRows, documentsAccount, PDF, readAll, storedFiles, uploadFile } from "./documents-helpers";
import { jobsEnv, pngFile, uploadCount } from "./images-helpers";

describe("documents: hostile ZIPs", { timeout: 60_000 }, () => {
  it("a 102-byte ZIP64 file declaring 10^8 entries: 415 with its message, nothing kept, and a page asked meanwhile is served", async () => {
    const visitor = new Client();
    const zip64 = makeZip64Count(1e8);
    expect(zip64.length).toBe(102);
    const [refused, page] = await Promise.all([uploadFile(visitor, zip64, "report.docx", DOCX), new Client().get("/web-main")]);
    expect(page.status).toBe(200);
    expect(refused.status).toBe(415);
    expect(refused.json.error).toEqual({ code: "upload/invalid-type", message: en["upload/invalid-type"] });
    expect(await uploadCount(guestIdOf(visitor))).toBe(0);
    expect(await storedFiles(guestIdOf(visitor))).toEqual([]);

    const turkish = new Client();
    turkish.cookies.set("locale", "tr");
    expect((await uploadFile(turkish, zip64, "rapor.docx", DOCX)).json.error?.message).toBe(tr["upload/invalid-type"]);
  });

  it("the file is checked before the day's allowance is taken: a visitor whose day is used up still hears why a bad file is refused", async () => {
    const { env } = jobsEnv({ UPLOADS_GUEST_DAILY: "1" });
    const visitor = new Client(undefined, env);
    expect((await uploadFile(visitor, await pngFile(), "photo.png", "image/png")).status).toBe(201);
    const refused = await uploadFile(visitor, makeZip64Count(1e8), "report.docx", DOCX);
    expect(refused.status).toBe(415);
    expect(refused.json.error?.code).toBe("upload/invalid-type");
    expect((await uploadFile(visitor, await pngFile(), "photo.png", "image/png")).json.error?.code).toBe("upload/rate-limited");
  });

  it("a DOCX whose image is a 1 GiB deflate bomb fails as too big to read, while another account's PDF uploads", async () => {
    const owner = await documentsAccount(null);
    const other = await documentsAccount(null);
    const uploaded = await uploadFile(owner.client, makeBombDocx(), "bomb.docx", DOCX);
    expect(uploaded.status).toBe(201);
    const [read, pdf] = await Promise.all([readAll(owner, uploaded.json.id!), uploadFile(other.client, makePdf(["Tide tables."]), "tides.pdf", PDF)]);
    expect(read.json.document).toMatchObject({ state: "failed", failure: "document/too-big-to-read" });
    expect(pdf.status).toBe(201);
    expect(pdf.json.document).toMatchObject({ state: "reading", pages: 1 });
    expect((await documentRows(owner.user.id))[0]).toMatchObject({ state: "failed", failure: "document/too-big-to-read", chars: 0 });
  });

  it("a DOCX whose local header names another part than its directory entry fails as damaged", async () => {
    const owner = await documentsAccount(null);
    const uploaded = await uploadFile(owner.client, makeDisagreeingDocx("name"), "report.docx", DOCX);
    expect(uploaded.status).toBe(201);
    expect((await readAll(owner, uploaded.json.id!)).json.document).toMatchObject({ state: "failed", failure: "document/corrupt" });
  });
});
