import { describe, expect, it } from "vitest";
import { splitMarkdownBlocks } from "~/lib/markdown-blocks";

describe("splitMarkdownBlocks", () => {
  const cases: Array<[string, string, string[]]> = [
    ["paragraphs and headings", "## Part 1\n\nFirst.\n\nSecond.", ["## Part 1\n", "First.\n", "Second."]],
    [
      "a fenced block with blank lines stays whole",
      "Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter",
      ["Intro\n", "```ts\nconst a = 1;\n\nconst b = 2;\n```\n", "After"],
    ],
    ["an unclosed fence (still streaming) keeps the rest", "```js\nx\n\ny", ["```js\nx\n\ny"]],
    ["a loose list stays one list", "- a\n\n- b\n\n1. c", ["- a\n\n- b\n\n1. c"]],
    ["a list after a paragraph line stays one list", "Steps:\n- a\n\n- b", ["Steps:\n- a\n\n- b"]],
    ["indented continuation stays in its item", "1. a\n\n   more about a\n\nNext", ["1. a\n\n   more about a\n", "Next"]],
    ["reference definitions: not split", "See [x].\n\n[x]: https://example.com", ["See [x].\n\n[x]: https://example.com"]],
    ["html comments: not split", "<!--\n\nhidden\n-->", ["<!--\n\nhidden\n-->"]],
    ["tilde fence closes only with tildes", "~~~\n```\n\n~~~\n\nEnd", ["~~~\n```\n\n~~~\n", "End"]],
  ];
  it.each(cases)("%s", (_name, text, blocks) => {
    expect(splitMarkdownBlocks(text)).toEqual(blocks);
    expect(splitMarkdownBlocks(text).join("\n")).toBe(text);
  });

  it("gives back any text exactly when the blocks are joined", () => {
    const text = "# T\n\n\n\nA *b*\n- x\n  - y\n\n> q\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n    code\n\nend\n";
    expect(splitMarkdownBlocks(text).join("\n")).toBe(text);
  });
});
