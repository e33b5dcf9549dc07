// What uses the storage, in Chromium (decision 0013, "What counts"): a signed-up user uploads a profile photo and
// Settings › Account shows it under Photos, beside every other kind, the total and the plan's quota.
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { deflateSync } from "node:zlib";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();
const MB = 1024 * 1024;

/** A valid PNG of noise (noise does not compress, so the file is about width × height × 3 bytes). */
function noisePng(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const megabytes = (bytes) => new Intl.NumberFormat("en", { style: "unit", unit: "megabyte", maximumFractionDigits: bytes < MB ? 2 : 1 }).format(bytes / MB);

describe("storage by kind", () => {
  test("a profile photo shows under Photos in Settings › Account, with every kind, the total and the quota", async () => {
    const { page, errors, close } = await openPage(browser());
    try {
      await signUpAndSignIn(page, { name: "Space Owner", landing: "/settings/account" });
      const storage = page.getByRole("region", { name: "Storage" });
      const kinds = storage.getByRole("list", { name: "What uses your storage" });
      await kinds.getByRole("listitem").first().waitFor();
      assert.deepEqual(await kinds.getByRole("listitem").allTextContents(), [
        "Photos: 0 MB",
        "Creations: 0 MB",
        "Documents: 0 MB",
        "Voice notes: 0 MB",
        "Answers read aloud: 0 MB",
        "Chats imported from ChatGPT: 0 MB",
      ]);

      const photo = noisePng(400, 400);
      await page.getByLabel("Choose a photo", { exact: true }).setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
      await page.getByRole("button", { name: "Upload photo" }).click();
      await page.getByText("Profile photo updated").first().waitFor();
      await page.reload();
      await hydrated(page);
      await kinds
        .getByRole("listitem")
        .filter({ hasText: `Photos: ${megabytes(photo.length)}` })
        .waitFor();
      await storage.getByText(`Storage: ${megabytes(photo.length)} of 500 MB used`).waitFor();
      assertNoErrors(errors);
    } finally {
      await close();
    }
  });
});
