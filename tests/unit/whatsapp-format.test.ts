// WhatsApp shows Markdown literally and refuses text messages over 4096 characters: the model's answers must be
// rewritten in WhatsApp's own markup and cut into numbered messages without losing or mangling anything.
import { describe, expect, it } from "vitest";
import { splitForWhatsApp, toWhatsAppText } from "../../app/.server/whatsapp/format";

/** A part's text without its "(i/n) " number. */
const body = (part: string) => part.replace(/^\(\d+\/\d+\) /, "");
const words = (text: string) => text.split(/\s+/).filter(Boolean);
/** True when no surrogate half is alone (a cut in the middle of an emoji leaves one). */
const wellFormed = (text: string) => /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/.test(text);
const fenceCount = (text: string) => text.split("```").length - 1;

/** Deterministic filler so failures are reproducible: "w1 w2 ..." numbered words make order checkable. */
function sentence(n: number, end = "."): string {
  const length = 8 + (n % 9);
  return `${Array.from({ length }, (_, i) => `${i === 0 ? "Word" : "word"}${n}x${i}`).join(" ")}${end}`;
}

describe("toWhatsAppText: inline formatting", () => {
  it("turns bold, italic and strikethrough into WhatsApp's markers", () => {
    expect(toWhatsAppText("This is **very** important and __this too__.")).toBe("This is *very* important and *this too*.");
    expect(toWhatsAppText("Read it *slowly*, then _once more_.")).toBe("Read it _slowly_, then _once more_.");
    expect(toWhatsAppText("The price was ~~$20~~ $15.")).toBe("The price was ~$20~ $15.");
    expect(toWhatsAppText("***Both*** at once")).toBe("_*Both*_ at once");
    expect(toWhatsAppText("**Note:** the *second* step matters")).toBe("*Note:* the _second_ step matters");
  });

  it("leaves lone stars, arithmetic and snake_case alone", () => {
    expect(toWhatsAppText("2 * 3 * 4 = 24")).toBe("2 * 3 * 4 = 24");
    expect(toWhatsAppText("Set max_retry_count in the config")).toBe("Set max_retry_count in the config");
    expect(toWhatsAppText("Footnote* applies")).toBe("Footnote* applies");
  });

  it("keeps inline code as is, with no formatting applied inside it", () => {
    expect(toWhatsAppText("Run `npm run **build**` then `a_b_c`.")).toBe("Run `npm run **build**` then `a_b_c`.");
    expect(toWhatsAppText("Use ``code with ` tick`` here")).toBe("Use ``code with ` tick`` here");
  });

  it("writes links and images as text followed by the URL", () => {
    expect(toWhatsAppText("See [the docs](https://example.com/docs) for more.")).toBe("See the docs (https://example.com/docs) for more.");
    expect(toWhatsAppText("[https://example.com](https://example.com)")).toBe("https://example.com");
    expect(toWhatsAppText('[docs](https://example.com "Title")')).toBe("docs (https://example.com)");
    expect(toWhatsAppText("![A red fox](https://img.example/fox.png)")).toBe("A red fox (https://img.example/fox.png)");
    expect(toWhatsAppText("<https://example.com/a_b>")).toBe("https://example.com/a_b");
  });

  it("never turns underscores or stars inside URLs into formatting", () => {
    expect(toWhatsAppText("Open https://example.com/my_file_name_here.pdf today")).toBe("Open https://example.com/my_file_name_here.pdf today");
    expect(toWhatsAppText("[**bold link**](https://example.com/a_b_*c*)")).toBe("*bold link* (https://example.com/a_b_*c*)");
  });

  it("leaves HTML entities as they are", () => {
    expect(toWhatsAppText("Tom &amp; Jerry: 1 &lt; 2 &gt; 0")).toBe("Tom &amp; Jerry: 1 &lt; 2 &gt; 0");
  });

  it("treats backslash escapes as the literal character", () => {
    expect(toWhatsAppText("Literal \\*stars\\* here")).toBe("Literal *stars* here");
  });
});

describe("toWhatsAppText: blocks", () => {
  it("turns headings into a bold line of their own", () => {
    expect(toWhatsAppText("# Title\nText")).toBe("*Title*\nText");
    expect(toWhatsAppText("### A **smaller** heading ###")).toBe("*A smaller heading*");
    expect(toWhatsAppText("#hashtag is not a heading")).toBe("#hashtag is not a heading");
  });

  it("turns bullets into • with two spaces per nesting level, whatever the source indentation", () => {
    const markdown = ["- Fruit", "    - Apple", "        * Granny *Smith*", "    + Pear", "- Vegetables"].join("\n");
    expect(toWhatsAppText(markdown)).toBe(["• Fruit", "  • Apple", "    • Granny _Smith_", "  • Pear", "• Vegetables"].join("\n"));
    expect(toWhatsAppText("* a\n  * b\n    * c\n* d")).toBe("• a\n  • b\n    • c\n• d");
  });

  it("keeps ordered lists numbered, nested ones indented by two spaces", () => {
    const markdown = ["1. Preheat the oven", "2. Mix **flour** and eggs", "   1. Slowly", "   2. Gently", "3) Bake"].join("\n");
    expect(toWhatsAppText(markdown)).toBe(["1. Preheat the oven", "2. Mix *flour* and eggs", "  1. Slowly", "  2. Gently", "3. Bake"].join("\n"));
  });

  it("keeps blockquotes, with their content converted", () => {
    expect(toWhatsAppText("> **Tip:** drink water\n> - often")).toBe("> *Tip:* drink water\n> • often");
  });

  it("replaces horizontal rules with an empty line", () => {
    expect(toWhatsAppText("Above\n\n---\n\nBelow")).toBe("Above\n\nBelow");
    expect(toWhatsAppText("Above\n* * *\nBelow")).toBe("Above\n\nBelow");
  });

  it("writes table rows as lines of cells joined by | and drops the separator row", () => {
    const markdown = ["Prices:", "", "| Item | Price |", "|:-----|------:|", "| **Tea** | $3 |", "| Coffee | $4 |", "", "Enjoy."].join("\n");
    expect(toWhatsAppText(markdown)).toBe(["Prices:", "", "Item | Price", "*Tea* | $3", "Coffee | $4", "", "Enjoy."].join("\n"));
    expect(toWhatsAppText("a | b\n--- | ---\n1 | 2")).toBe("a | b\n1 | 2");
  });

  it("drops the fence's language and transforms nothing inside a code block", () => {
    const code = ["def main():", "    # **not** a heading", "    - not_a_list = [1, 2]", "", "", "", "    return *args  # ~~x~~ [a](b)"].join("\n");
    const markdown = `Here:\n\n\`\`\`python\n${code}\n\`\`\`\n\nDone **now**.`;
    expect(toWhatsAppText(markdown)).toBe(`Here:\n\n\`\`\`\n${code}\n\`\`\`\n\nDone *now*.`);
  });

  it("closes a fence left open by a cut-off answer", () => {
    expect(toWhatsAppText("Try:\n```js\nconst a = 1;")).toBe("Try:\n```\nconst a = 1;\n```");
  });

  it("collapses runs of blank lines, trims, and handles Windows line ends", () => {
    expect(toWhatsAppText("\n\nOne\r\n\r\n\r\n\r\nTwo  \n\n\n\nThree\n\n")).toBe("One\n\nTwo\n\nThree");
  });

  it("converts a realistic answer", () => {
    const markdown = [
      "## Weekend plan",
      "",
      "Here is a **simple** plan for *Saturday*:",
      "",
      "1. Visit the [museum](https://museum.example/tickets?day=sat&kids=2)",
      "2. Lunch at a café:",
      "   - try the ~~soup~~ salad",
      "   - ask for `table_12`",
      "",
      "---",
      "",
      "> Remember: tickets sell out **fast**.",
    ].join("\n");
    expect(toWhatsAppText(markdown)).toBe(
      [
        "*Weekend plan*",
        "",
        "Here is a *simple* plan for _Saturday_:",
        "",
        "1. Visit the museum (https://museum.example/tickets?day=sat&kids=2)",
        "2. Lunch at a café:",
        "  • try the ~soup~ salad",
        "  • ask for `table_12`",
        "",
        "> Remember: tickets sell out *fast*.",
      ].join("\n"),
    );
  });
});

describe("splitForWhatsApp", () => {
  it("returns a short text as one part, without a number", () => {
    expect(splitForWhatsApp("Hello! How can I help?")).toEqual(["Hello! How can I help?"]);
    const exact = "a".repeat(4096);
    expect(splitForWhatsApp(exact)).toEqual([exact]);
  });

  it("cuts a 10,000-character answer between paragraphs into (1/3) (2/3) (3/3)", () => {
    const paragraphs: string[] = [];
    for (let n = 0; paragraphs.join("\n\n").length < 10_000; n++) {
      paragraphs.push([sentence(3 * n), sentence(3 * n + 1, "!"), sentence(3 * n + 2, "?")].join(" "));
    }
    const text = paragraphs.join("\n\n");
    expect(text.length).toBeGreaterThanOrEqual(10_000);
    expect(text.length).toBeLessThan(10_600);

    const parts = splitForWhatsApp(text);
    expect(parts).toHaveLength(3);
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(part.startsWith(`(${i + 1}/3) `)).toBe(true);
      // Every piece of every part is a whole paragraph: the cuts fell between paragraphs.
      for (const piece of body(part).split("\n\n")) expect(paragraphs).toContain(piece);
    });
    expect(words(parts.map(body).join(" "))).toEqual(words(text));
  });

  it("cuts one long paragraph after a sentence", () => {
    const sentences: string[] = [];
    for (let n = 0; sentences.join(" ").length < 9_000; n++) sentences.push(sentence(n, [".", "!", "?"][n % 3]));
    const text = sentences.join(" ");

    const parts = splitForWhatsApp(text);
    expect(parts.length).toBe(3);
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(part.startsWith(`(${i + 1}/3) Word`)).toBe(true);
      expect(body(part)).toMatch(/[.!?]$/);
    });
    expect(words(parts.map(body).join(" "))).toEqual(words(text));
  });

  it("cuts after a Japanese full stop", () => {
    const text = "これは長い文です。".repeat(1000);
    const parts = splitForWhatsApp(text);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(part).toMatch(/。$/);
    }
    expect(parts.map(body).join("")).toBe(text);
  });

  it("hard cuts a text with no spaces at exactly the limit", () => {
    const text = "x".repeat(10_000);
    const parts = splitForWhatsApp(text);
    expect(parts.map((part) => part.length)).toEqual([4096, 4096, 10_000 - 2 * 4090 + 6]);
    expect(parts.map(body).join("")).toBe(text);
  });

  it("never cuts an emoji in half", () => {
    // The odd "a" first puts a surrogate pair across every even cut position.
    const text = `a${"😀".repeat(5_000)}`;
    const parts = splitForWhatsApp(text);
    expect(parts.length).toBe(3);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(wellFormed(part)).toBe(true);
    }
    expect(parts.map(body).join("")).toBe(text);
  });

  it("keeps a code block that fits in one part whole", () => {
    const prose = (from: number) => Array.from({ length: 24 }, (_, i) => sentence(from + i)).join(" ");
    const code = Array.from({ length: 60 }, (_, i) => `  const value${i} = compute(${i}); // step ${i}`).join("\n");
    const text = `${prose(0)}\n\n\`\`\`\n${code}\n\`\`\`\n\n${prose(100)}\n\n${prose(200)}`;
    expect(text.length).toBeGreaterThan(4096);

    const parts = splitForWhatsApp(text);
    expect(parts.filter((part) => part.includes(code))).toHaveLength(1);
    for (const part of parts) expect(fenceCount(part) % 2).toBe(0);
  });

  it("cuts a code block longer than a part between lines, closing and reopening its fence", () => {
    const lines = Array.from({ length: 400 }, (_, i) => `    print("line ${i}")  # **keep** _as is_`);
    const text = `Here is the script:\n\n\`\`\`python\n${lines.join("\n")}\n\`\`\`\n\nRun it with **python3**.`;
    expect(text.length).toBeGreaterThan(2 * 4096);

    const parts = splitForWhatsApp(text);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
      expect(fenceCount(part) % 2).toBe(0);
    });
    expect(body(parts[1] ?? "").startsWith("```\n")).toBe(true);
    // Every code line arrives whole and in order, indentation included.
    const received = parts.flatMap((part) => body(part).split("\n")).filter((line) => line.startsWith("    print("));
    expect(received).toEqual(lines);
    expect(parts.at(-1)).toMatch(/Run it with \*\*python3\*\*\.$/);
  });

  it("widens the numbering when there are ten parts or more", () => {
    const text = Array.from({ length: 60 }, (_, n) => sentence(n)).join(" ");
    const limit = 120;
    const parts = splitForWhatsApp(text, limit);
    expect(parts.length).toBeGreaterThanOrEqual(10);
    parts.forEach((part, i) => {
      expect(part.length).toBeLessThanOrEqual(limit);
      expect(part.startsWith(`(${i + 1}/${parts.length}) `)).toBe(true);
    });
    expect(words(parts.map(body).join(" "))).toEqual(words(text));
  });

  it("keeps every part within the limit, non-empty and balanced on mixed content", () => {
    // A small generator with a fixed seed: varied paragraphs, lists, code and long words.
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 30; round++) {
      const blocks: string[] = [];
      for (let b = 0; b < 12; b++) {
        const kind = random(4);
        if (kind === 0) blocks.push(Array.from({ length: 1 + random(6) }, (_, i) => sentence(b * 10 + i)).join(" "));
        else if (kind === 1) blocks.push(Array.from({ length: 1 + random(5) }, (_, i) => `• item ${i} ${sentence(i)}`).join("\n"));
        else if (kind === 2) blocks.push(`\`\`\`\n${Array.from({ length: 1 + random(12) }, (_, i) => `let x${i} = ${i};`).join("\n")}\n\`\`\``);
        else blocks.push("z".repeat(1 + random(400)));
      }
      const text = blocks.join("\n\n");
      const limit = 200 + random(300);
      const parts = splitForWhatsApp(text, limit);
      for (const part of parts) {
        expect(part.length).toBeLessThanOrEqual(limit);
        expect(body(part).trim()).not.toBe("");
        expect(fenceCount(part) % 2).toBe(0);
      }
      const strip = (value: string) => value.replace(/```/g, "").replace(/\s+/g, "");
      expect(strip(parts.map(body).join(""))).toBe(strip(text));
    }
  });
});
