// What the composer's chip says about an attached document (docs/decisions/0031-documents-in-chat.md): its pages, its
// reading progress, ready, or why it could not be read, and why sending waits, in English and Turkish.
import i18next from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import chatEn from "../../locales/en/chat.json";
import chatTr from "../../locales/tr/chat.json";
import documentsEn from "../../locales/en/documents.json";
import documentsTr from "../../locales/tr/documents.json";
import errorsEn from "../../locales/en/errors.json";
import errorsTr from "../../locales/tr/errors.json";
import DocumentChip from "../../app/components/documents/document-chip";
import { documentStatusText } from "../../app/components/documents/document-status";
import type { DocumentView } from "../../app/lib/documents";

async function translator(locale: "en" | "tr") {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    ns: ["chat", "documents", "errors"],
    defaultNS: "documents",
    resources: { en: { chat: chatEn, documents: documentsEn, errors: errorsEn }, tr: { chat: chatTr, documents: documentsTr, errors: errorsTr } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

const report: DocumentView = {
  id: "d1",
  name: "report.pdf",
  contentType: "application/pdf",
  bytes: 5000,
  pages: 12,
  state: "reading",
  progress: 40,
  failure: null,
  threadId: null,
  createdAt: 1,
};

async function chip(document: DocumentView, locale: "en" | "tr" = "en") {
  const i18n = await translator(locale);
  const element = createElement(DocumentChip, { document, onChange: () => {}, onRemove: () => {}, reasonId: "why" });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, element))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replaceAll("&#x27;", "'")
    .trim();
}

describe("the document chip's state", () => {
  it("reads as progress, then ready, then the failure's translated reason", async () => {
    const en = await translator("en");
    const tr = await translator("tr");
    expect(documentStatusText(en.t, report)).toBe("Reading… 40%");
    expect(documentStatusText(tr.t, report)).toBe("Okunuyor… %40");
    // 100 is "Ready"'s: a reading document never shows it.
    expect(documentStatusText(en.t, { ...report, progress: 100 })).toBe("Reading… 99%");
    expect(documentStatusText(en.t, { ...report, state: "ready", progress: 100 })).toBe("Ready");
    expect(documentStatusText(tr.t, { ...report, state: "ready", progress: 100 })).toBe("Hazır");
    const failed = { ...report, state: "failed" as const, failure: "document/no-text" };
    expect(documentStatusText(en.t, failed)).toBe(en.t("errors:document/no-text"));
    expect(documentStatusText(en.t, failed)).not.toContain("document/no-text");
  });

  it("shows the name, pages (plural rules) and why the message waits", async () => {
    expect(await chip(report)).toBe("report.pdf 12 pages Reading… 40% Waiting for report.pdf to be read");
    expect(await chip({ ...report, pages: 1 })).toContain("1 page Reading");
    expect(await chip(report, "tr")).toBe("report.pdf 12 sayfa Okunuyor… %40 report.pdf dosyasının okunması bekleniyor");
    expect(await chip({ ...report, state: "ready", progress: 100 })).toBe("report.pdf 12 pages Ready");
    expect(await chip({ ...report, state: "failed", failure: "document/no-text" })).toContain("report.pdf can't be sent");
  });
});
