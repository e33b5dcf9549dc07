// The bounded ZIP directory walk the upload's DOCX check runs in the page-serving worker (SECURITY.md "Documents in
// chat", decision 0031): ZIP64, counts the directory cannot hold, more than 10,000 entries and headers outside the
// directory are refused from the end records alone; a real DOCX is listed.
import { describe, expect, it } from "vitest";
import { documentKind } from "../../app/.server/documents/check";
import { localEntry, MAX_ZIP_ENTRIES, zipDirectory, ZipRefusal } from "../../app/.server/documents/zip-directory";
import { makeDocx } from "../fixtures/make-documents.mjs";
import { docxEntries, makeDisagreeingDocx, makeZip64Count, writeZip } from "../fixtures/make-hostile-zips.mjs";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const kind = (bytes: Uint8Array) => documentKind(bytes, { name: "report.docx", type: DOCX });
const refusal = (bytes: Uint8Array) => {
  try {
    zipDirectory(bytes);
    return null;
  } catch (error) {
    return error instanceof ZipRefusal ? error.message : error;
  }
};

/** The end record's field at `offset` (from its signature) set to `value`. */
function patchEnd(bytes: Uint8Array, offset: number, value: number, width: 2 | 4) {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const at = copy.length - 22;
  if (width === 2) view.setUint16(at + offset, value, true);
  else view.setUint32(at + offset, value, true);
  return copy;
}

const emptyEntries = (count: number) =>
  writeZip(Array.from({ length: count }, (_, index) => ({ name: `f${index}`, data: new Uint8Array(), method: 0, size: 0, crc: 0 })));

describe("documents: the ZIP directory, read with bounds", () => {
  it("a real DOCX is listed and recognised", () => {
    const docx = makeDocx([{ heading: "Tides", paragraphs: ["Dawn."] }]);
    expect(zipDirectory(docx).entries.map((entry) => entry.name)).toContain("word/document.xml");
    expect(kind(docx)).toBe(DOCX);
  });

  it("ZIP64 is refused from its end records, whatever count it declares (10^8 entries in 102 bytes)", () => {
    const zip64 = makeZip64Count(1e8);
    expect(zip64.length).toBe(102);
    expect(refusal(zip64)).toBe("ZIP64");
    expect(refusal(makeZip64Count(0xffffffff))).toBe("ZIP64");
    expect(kind(zip64)).toBeNull();
  });

  it("a count above what the directory's size can hold at 46 bytes an entry is refused", () => {
    const docx = writeZip(docxEntries());
    const overCounted = patchEnd(patchEnd(docx, 8, 200, 2), 10, 200, 2);
    expect(refusal(overCounted)).toBe("more entries than the directory holds");
    expect(kind(overCounted)).toBeNull();
  });

  it(`at most ${MAX_ZIP_ENTRIES.toLocaleString("en")} entries: one more is refused before the directory is walked`, () => {
    expect(zipDirectory(emptyEntries(MAX_ZIP_ENTRIES)).entries).toHaveLength(MAX_ZIP_ENTRIES);
    expect(refusal(emptyEntries(MAX_ZIP_ENTRIES + 1))).toBe("too many entries");
  });

  it("a header reaching outside the directory, a directory past the end record, a local header past the directory: refused", () => {
    const docx = writeZip(docxEntries());
    const size = new DataView(docx.buffer).getUint32(docx.length - 22 + 12, true);
    expect(refusal(patchEnd(docx, 12, size - 1, 4))).toBe("header outside the directory");
    expect(refusal(patchEnd(docx, 12, size + 1, 4))).toBe("directory outside the file");
    // The first directory header's local-header offset pointed into the directory itself.
    const start = new DataView(docx.buffer).getUint32(docx.length - 22 + 16, true);
    const pointing = docx.slice();
    new DataView(pointing.buffer).setUint32(start + 42, start, true);
    expect(refusal(pointing)).toBe("local header outside the entries");
    expect(kind(pointing)).toBeNull();
  });

  it("a local header that disagrees with its directory entry (name, size, method) is refused when the entry is opened", () => {
    for (const what of ["name", "size", "method"] as const) {
      const bytes = makeDisagreeingDocx(what);
      const { entries, directoryStart } = zipDirectory(bytes);
      const main = entries.find((entry) => entry.name === "word/document.xml")!;
      expect(() => localEntry(bytes, main, directoryStart), what).toThrow(ZipRefusal);
    }
    const honest = writeZip(docxEntries());
    const { entries, directoryStart } = zipDirectory(honest);
    for (const entry of entries) expect(() => localEntry(honest, entry, directoryStart)).not.toThrow();
  });
});
