// Uploads (decision 0006, SECURITY.md "Uploads"): a program renamed .png, a truncated PNG, a 10,000 x 10,000 pixel PNG, an oversized
// file and an empty file are each refused with their own translated message, and nothing is stored: no R2 object
// and no row. A real PNG and a JPEG are accepted.
import { describe, expect, it } from "vitest";
import { crc32 } from "../../app/.server/images/png";
import { MAX_UPLOAD_BYTES } from "../../app/.server/images/validate";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { appEnv } from "./helpers";
import { jobsEnv, pngFile, signedIn, upload, uploadCount, uploadRow } from "./images-helpers";

/** A PNG header claiming `width` x `height`, with a valid IHDR CRC and an IEND: all the check reads, no pixels. */
function pngHeaderOnly(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(8 + 25 + 12);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set(
    [..."IHDR"].map((char) => char.charCodeAt(0)),
    12,
  );
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  view.setUint32(29, crc32(bytes.subarray(12, 29)));
  view.setUint32(33, 0);
  bytes.set(
    [..."IEND"].map((char) => char.charCodeAt(0)),
    37,
  );
  view.setUint32(41, crc32(bytes.subarray(37, 41)));
  return bytes;
}

// A Windows program's first bytes: neither an image nor a document (a PDF is now taken as a document, decision 0031).
const PROGRAM = Uint8Array.of(0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00);

async function storedFor(userId: string) {
  const rows = await uploadCount(userId);
  const objects = await appEnv.MEDIA.list({ prefix: `uploads/${userId}/` });
  return { rows, objects: objects.objects.length };
}

describe("POST /api/uploads refuses what is not a JPEG or PNG it can read, and stores nothing", async () => {
  const truncated = (await pngFile(32, 32)).slice(0, 60);
  const cases: { name: string; file: Uint8Array; fileName: string; type: string; code: keyof typeof en; status: number }[] = [
    { name: "a program renamed .png", file: PROGRAM, fileName: "scan.png", type: "image/png", code: "upload/invalid-type", status: 415 },
    { name: "a truncated PNG", file: truncated, fileName: "cut.png", type: "image/png", code: "upload/corrupt", status: 400 },
    {
      name: "a 10,000 x 10,000 pixel PNG",
      file: pngHeaderOnly(10_000, 10_000),
      fileName: "huge.png",
      type: "image/png",
      code: "upload/too-many-pixels",
      status: 413,
    },
    {
      name: "an oversized file",
      file: new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0xff),
      fileName: "big.jpg",
      type: "image/jpeg",
      code: "upload/too-large",
      status: 413,
    },
    { name: "an empty file", file: new Uint8Array(0), fileName: "empty.png", type: "image/png", code: "upload/empty", status: 400 },
  ];

  for (const testCase of cases) {
    it(`${testCase.name}: ${testCase.code}, in English and Turkish`, async () => {
      const { env } = jobsEnv();
      const { client, user } = await signedIn(env);
      const answer = await upload(client, testCase.file, testCase.fileName, testCase.type);
      expect(answer).toEqual({ status: testCase.status, json: { ok: false, error: { code: testCase.code, message: en[testCase.code] } } });

      client.cookies.set("locale", "tr");
      const turkish = await upload(client, testCase.file, testCase.fileName, testCase.type);
      expect(turkish.json.error).toEqual({ code: testCase.code, message: tr[testCase.code] });
      expect(await storedFor(user.id)).toEqual({ rows: 0, objects: 0 });
    });
  }

  it("names the allowed types in the wrong-type message, in both languages", () => {
    expect(en["upload/invalid-type"]).toMatch(/JPEG, JPG and PNG/);
    expect(tr["upload/invalid-type"]).toMatch(/JPEG, JPG ve PNG/);
  });

  it("accepts a real PNG and a JPEG, each stored once under a server-made key", async () => {
    const { env } = jobsEnv();
    const { client, user } = await signedIn(env);
    const png = await upload(client, await pngFile(30, 20), "../../etc/passwd.png");
    expect(png).toMatchObject({ status: 201, json: { contentType: "image/png", width: 30, height: 20 } });
    // A minimal baseline JPEG: SOI, SOF0 (8 x 4), EOI.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x04, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]);
    const jpg = await upload(client, jpeg, "photo.jpg", "image/jpeg");
    expect(jpg).toMatchObject({ status: 201, json: { contentType: "image/jpeg", width: 8, height: 4 } });
    expect(await storedFor(user.id)).toEqual({ rows: 2, objects: 2 });
    const row = await uploadRow(user.id, png.json.id!);
    expect(row?.r2Key).toBe(`uploads/${user.id}/${png.json.id}.png`);
  });
});
