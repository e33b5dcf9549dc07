import { describe, expect, it } from "vitest";
import { speakableText } from "~/lib/speakable-text";
import { minutesFor, speechMinutes } from "~/lib/voice";

describe("speakableText", () => {
  const cases: Array<[string, string, string]> = [
    ["emphasis loses its asterisks", "This is **very** *important* and __bold__.", "This is very important and bold."],
    ["headings and bullets are read as sentences", "## Steps\n\n- Boil water\n- Add tea\n1. Wait", "Steps. Boil water. Add tea. Wait."],
    ["a code block is announced, not spelled", "Run this:\n\n```js\nconst a = 1;\nconsole.log(a);\n```\n\nDone", "Run this: code. Done."],
    ["the word for code is the page language's", "```\nx\n```", "kod."],
    ["inline code keeps its text", "Use `npm test` now", "Use npm test now."],
    ["links by their words, images by their description", "See [the docs](https://example.com) ![a cat](c.png)", "See the docs a cat."],
    ["tables read row by row", "| a | b |\n|---|---|\n| 1 | 2 |", "a, b. 1, 2."],
    ["quotes, rules and html", "> Quoted\n\n---\n\n<b>Bold</b> text", "Quoted. Bold text."],
    ["strike-through and stray marks", "~~old~~ new # ok", "old new ok."],
    ["an unclosed fence (cut answer) hides the rest", "Intro\n```py\nprint(1)", "Intro. code."],
  ];
  it.each(cases)("%s", (name, markdown, expected) => {
    expect(speakableText(markdown, name.includes("language") ? "kod" : "code")).toBe(expected);
  });

  it("never keeps a Markdown marker", () => {
    const spoken = speakableText("# T\n**a** _b_ `c` [d](e) | f |\n\n```\n*x*\n```", "code");
    expect(spoken).not.toMatch(/[*_`#|[\]]/);
  });
});

describe("voice minutes", () => {
  it("charges every started minute, at least one", () => {
    expect([minutesFor(0), minutesFor(59), minutesFor(60), minutesFor(61), minutesFor(600)]).toEqual([1, 1, 1, 2, 10]);
    expect([speechMinutes(""), speechMinutes("a".repeat(900)), speechMinutes("a".repeat(901))]).toEqual([1, 1, 2]);
  });
});
