// Page citations in answers about a document (docs/decisions/0031-documents-in-chat.md): found in the answer's text,
// matched to the thread's documents, turned into buttons named after the page (never inside code), and the words
// they back found on the page to highlight.
import i18next from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import chatEn from "../../locales/en/chat.json";
import chatTr from "../../locales/tr/chat.json";
import MarkdownRenderer from "../../app/components/chat/markdown-renderer";
import { citationContext, resolveCitation, splitCitations } from "../../app/lib/citations";
import { highlightPassage } from "../../app/lib/highlight-passage";
import type { DocumentView } from "../../app/lib/documents";

function documentView(name: string, extra: Partial<DocumentView> = {}): DocumentView {
  return {
    id: `doc-${name}`,
    name,
    contentType: "application/pdf",
    bytes: 1000,
    pages: 30,
    state: "ready",
    progress: 100,
    failure: null,
    threadId: "t1",
    createdAt: 1,
    ...extra,
  };
}

const marked = (page: string, context: string) => {
  const span = highlightPassage(page, context);
  return span && page.slice(span.start, span.end);
};

describe("citations in an answer", () => {
  it("are split out of the text with their page and optional document name", () => {
    expect(splitCitations('It says "Zebra-17" [p. 17], and later [report.pdf, p. 3].')).toEqual([
      'It says "Zebra-17" ',
      { raw: "[p. 17]", name: null, page: 17 },
      ", and later ",
      { raw: "[report.pdf, p. 3]", name: "report.pdf", page: 3 },
      ".",
    ]);
    expect(splitCitations("No citation [p. x] or [p. 0] here")).toEqual(["No citation [p. x] or [p. 0] here"]);
  });

  it("point at the named document, else the thread's latest, and never past its last page", () => {
    const report = documentView("report.pdf", { createdAt: 1 });
    const notes = documentView("Notes.docx", { createdAt: 2, pages: 4 });
    expect(resolveCitation({ name: "report.pdf", page: 17 }, [report, notes])).toBe(report);
    expect(resolveCitation({ name: "notes.docx", page: 2 }, [report, notes])).toBe(notes);
    expect(resolveCitation({ name: null, page: 3 }, [report, notes])).toBe(notes);
    expect(resolveCitation({ name: null, page: 5 }, [report, notes])).toBeNull();
    expect(resolveCitation({ name: "other.pdf", page: 1 }, [report, notes])).toBeNull();
    expect(resolveCitation({ name: null, page: 1 }, [])).toBeNull();
  });

  it("back the quotation just before them, else the sentence they close", () => {
    const demo = 'From "report.pdf": "…The launch code is Zebra-17…" [p. 17]';
    expect(citationContext(demo, demo.indexOf("[p."))).toBe("…The launch code is Zebra-17…");
    const prose = "The first part is short. The budget grew by 12% in 2024 [p. 4]";
    expect(citationContext(prose, prose.indexOf("[p."))).toBe("The budget grew by 12% in 2024");
  });
});

describe("highlightPassage", () => {
  const page = "Quarterly report. Sales were flat in the north.\nThe launch   code is Zebra-17 and it must stay secret. Everything else is routine.";

  it("finds a quotation as written, ignoring case, spacing and the ellipses that cut it", () => {
    expect(marked(page, "…the launch code is Zebra-17…")).toBe("The launch   code is Zebra-17");
    expect(marked(page, "“Sales were flat in the north.”")).toBe("Sales were flat in the north.");
  });

  it("finds a paraphrase by the stretch holding most of its words", () => {
    expect(marked(page, "They said the code Zebra-17 must stay secret")).toBe("code is Zebra-17 and it must stay secret");
  });

  it("ignores accents and case, as Turkish text needs", () => {
    expect(marked("Birinci bölüm. Fırlatma kodu ZEBRA-17 olarak belirlendi. Son.", "fırlatma kodu zebra-17 olarak")).toBe("Fırlatma kodu ZEBRA-17 olarak");
  });

  it("highlights nothing when the page does not hold the words", () => {
    expect(highlightPassage(page, "A completely different topic about gardening")).toBeNull();
    expect(highlightPassage(page, "")).toBeNull();
    expect(highlightPassage("", "the launch code")).toBeNull();
  });
});

async function renderAnswer(text: string, documents: DocumentView[], locale: "en" | "tr" = "en") {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    ns: ["chat"],
    defaultNS: "chat",
    resources: { en: { chat: chatEn }, tr: { chat: chatTr } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: instance }, createElement(MarkdownRenderer, { text, documents })));
}

describe("citations in a rendered answer", () => {
  const report = documentView("report.pdf");

  it("become buttons named after the page, showing the citation as written", async () => {
    const html = await renderAnswer('From "report.pdf": "…The launch code is Zebra-17…" [p. 17]', [report]);
    expect(html).toContain('<button type="button" aria-label="Open page 17 of report.pdf"');
    expect(html).toMatch(/>\[p\. 17\]<\/button>/);
    const turkish = await renderAnswer("Kod Zebra-17 [p. 17]", [report], "tr");
    expect(turkish).toContain('aria-label="Sayfayı aç: report.pdf, sayfa 17"');
  });

  it("stay text inside code, in a thread without documents, and past the document's last page", async () => {
    const code = await renderAnswer("Inline `see [p. 3]` and\n\n```\nquote [p. 4]\n```\n", [report]);
    expect(code).not.toContain("Open page");
    expect(code).toContain("<code>see [p. 3]</code>");
    expect(code).toContain('<span class="hljs-selector-attr">[p. 4]</span>');
    expect(await renderAnswer("Cited [p. 3].", [])).toContain("<p>Cited [p. 3].</p>");
    expect(await renderAnswer("Cited [p. 31].", [report])).toContain("<p>Cited [p. 31].</p>");
  });
});
