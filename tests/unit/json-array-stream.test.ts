// The ChatGPT import's JSON array splitter (decision 0040-import-chatgpt): whatever the chunk boundaries (inside a
// string, an escape, a multi-byte character), it hands over exactly the elements JSON.parse finds in the whole text,
// refuses what JSON.parse refuses, and an element over its cap before parsing it.
import { describe, expect, it } from "vitest";
import { JsonArraySplitter, JsonStreamError } from "../../app/.server/imports/json-array-stream";

function split(text: string, chunkBytes: number, max = 1000): unknown[] {
  const bytes = new TextEncoder().encode(text);
  const splitter = new JsonArraySplitter(max);
  const out: unknown[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes) out.push(...splitter.push(bytes.subarray(at, at + chunkBytes)));
  splitter.end();
  return out;
}

const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof JsonStreamError) return error.reason;
    throw error;
  }
  return null;
};

describe("JsonArraySplitter", () => {
  it.each([
    "[]",
    " \n[ ]\n ",
    '[{"a":1}]',
    '[{"id":"x","parts":["a \\"quoted\\" ] } , word","é ü ğ 🙂"],"n":{"deep":[[1],[2,{"k":null}]]}}, {"b":"\\\\"}]',
    '[1, -2.5e3 ,true,false,null,"s",[3],{}]',
    "\uFEFF[1]",
  ])("splits %s as JSON.parse reads it, at any chunk size", (text) => {
    const expected = JSON.parse(text.replace(/^\uFEFF/, "")) as unknown[];
    for (const size of [1, 2, 3, 7, 1000]) expect(split(text, size)).toEqual(expected);
  });

  it.each([
    ["[1,]", "malformed"],
    ["[,1]", "malformed"],
    ["[1 2]", "malformed"],
    ['[{"a":1]', "malformed"],
    ['[{"a":1}', "malformed"],
    ["[", "malformed"],
    ["[1] x", "malformed"],
    ['[{"a":1}}]', "malformed"],
    ['{"a":1}', "not-array"],
    ["hello", "malformed"],
  ])("refuses %s (%s)", (text, why) => {
    for (const size of [1, 4, 1000]) expect(reason(() => split(text, size))).toBe(why);
  });

  it("refuses an element over its cap before it ends", () => {
    const splitter = new JsonArraySplitter(14);
    expect(splitter.push(new TextEncoder().encode('[{"a":"12345"}, '))).toEqual([{ a: "12345" }]);
    expect(reason(() => splitter.push(new TextEncoder().encode('{"b":"1234567890')))).toBe("element-too-large");
  });
});
