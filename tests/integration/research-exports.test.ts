// Deep research's exports, run inside workerd as deployed: the Markdown file (title, summary, sections with their
// tables, the sources with "could not be checked" in the report's language, model text escaped) and the PDF written
// by pdf-lib with an embedded font, read back with pdfjs (unpdf): its text, Turkish letters included, and its links.
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { reportToMarkdown } from "../../app/.server/research/export-markdown";
import { reportToPdf } from "../../app/.server/research/export-pdf";
import type { ResearchReport } from "../../app/.server/research/report";

function report(overrides: Partial<ResearchReport> = {}): ResearchReport {
  return {
    title: "Heat pumps or boilers?",
    summary: "Heat pumps use less energy [1]; boilers cost less to fit [2].",
    sections: [
      { heading: "How they work", markdown: "A heat pump **moves** heat [1].\n\n- It runs on electricity.\n- It works below freezing." },
      { heading: "Costs", markdown: "| Kind | Fitting cost |\n|---|---|\n| Heat pump | high |\n| Gas boiler | low |\n\nPrices vary [2]." },
    ],
    sources: [
      {
        n: 1,
        url: "https://example.org/heat-pumps",
        title: "Heat pumps explained",
        site: "example.org",
        date: "2025-03-01",
        quote: "moves heat",
        check: "checked",
      },
      {
        n: 2,
        url: "https://news.example.com/boilers(2025)",
        title: "Boilers [report]",
        site: "news.example.com",
        date: null,
        quote: "cost",
        check: "unchecked",
      },
    ],
    incomplete: false,
    language: "en",
    ...overrides,
  };
}

async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false });
  const { text } = await extractText(pdf, { mergePages: true });
  const links: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    for (const annotation of await page.getAnnotations()) if (annotation.subtype === "Link" && annotation.url) links.push(annotation.url as string);
  }
  return { text: text.replace(/\s+/g, " "), links, pages: pdf.numPages };
}

describe("the Markdown export", () => {
  it("has the title, summary, sections with their tables, and numbered sources marked when unchecked", () => {
    const markdown = reportToMarkdown(report());
    expect(markdown).toContain("# Heat pumps or boilers?\n\nHeat pumps use less energy \\[1\\]; boilers cost less to fit \\[2\\].");
    expect(markdown).toContain("## How they work\n\nA heat pump **moves** heat [1].");
    expect(markdown).toContain("| Kind | Fitting cost |\n|---|---|\n| Heat pump | high |");
    expect(markdown).toContain("## Sources\n\n- \\[1\\] Heat pumps explained — example.org — 2025-03-01 — <https://example.org/heat-pumps>\n");
    expect(markdown).toContain("- \\[2\\] Boilers \\[report\\] — news.example.com — <https://news.example.com/boilers(2025)> *(could not be checked)*");
    expect(markdown).not.toContain("incomplete");
  });

  it("is in the report's language, says when the report is incomplete, and escapes what the model wrote as plain text", () => {
    const markdown = reportToMarkdown(
      report({ language: "tr", incomplete: true, title: "# Isı pompaları <script>alert(1)</script>", summary: "1. [tıkla](javascript:alert(1))" }),
    );
    expect(markdown).toContain("# \\# Isı pompaları \\<script\\>alert\\(1\\)\\</script\\>\n");
    expect(markdown).toContain("\\1. \\[tıkla\\]\\(javascript:alert\\(1\\)\\)");
    expect(markdown).toContain("*Bu rapor eksik: araştırma, planın her maddesi yanıtlanmadan durdu.*");
    expect(markdown).toContain("## Kaynaklar");
    expect(markdown).toContain("*(doğrulanamadı)*");
  });
});

describe("the PDF export", () => {
  // The first export loads pdf-lib's many modules into the pool and the first read loads pdfjs: on a busy machine that
  // took 20 s, so it happens here, under the hook's longer timeout, rather than inside the first test.
  beforeAll(async () => {
    await readPdf(await reportToPdf(report()));
  });

  it("holds the report's text, its table's rows and the sources as links", async () => {
    const bytes = await reportToPdf(report());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text, links } = await readPdf(bytes);
    for (const expected of [
      "Heat pumps or boilers?",
      "Heat pumps use less energy [1]",
      "How they work",
      "A heat pump moves heat [1].",
      "• It runs on electricity.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Kind\s+Fitting cost\s+Heat pump\s+high\s+Gas boiler\s+low/);
    expect(text).toContain("Sources");
    expect(text).toContain("[1] Heat pumps explained — example.org — 2025-03-01");
    expect(text).toContain("[2] Boilers [report] — news.example.com (could not be checked)");
    expect(new Set(links)).toEqual(new Set(["https://example.org/heat-pumps", "https://news.example.com/boilers%282025%29"]));
    expect(text).toContain("Page 1 of 1");
  });

  it("renders Turkish letters, breaks long reports over pages and marks an incomplete one", async () => {
    const long = "Isı pompası, dış havadaki ısıyı eve taşır; şebeke elektriğiyle çalışır ve soğuk günlerde de ısıtır. ".repeat(120);
    const bytes = await reportToPdf(
      report({
        language: "tr",
        incomplete: true,
        title: "Isı pompaları mı, kombiler mi? İğdır'da kış",
        summary: "Özet: ğ ş ı İ ç ö ü Ğ Ş Ç Ö Ü",
        sections: [{ heading: "Çalışma şekli", markdown: long }],
      }),
    );
    const { text, pages, links } = await readPdf(bytes);
    expect(text).toContain("Isı pompaları mı, kombiler mi? İğdır'da kış");
    expect(text).toContain("Özet: ğ ş ı İ ç ö ü Ğ Ş Ç Ö Ü");
    expect(text).toContain("Bu rapor eksik");
    expect(text).toContain("Kaynaklar");
    expect(text).toContain("(doğrulanamadı)");
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Sayfa ${pages} / ${pages}`);
    expect(links).toContain("https://example.org/heat-pumps");
  });
});
