import type { DocumentView } from "~/lib/documents";

/** The part of i18next's `t` used here; keys carry their namespace. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A document's state as its chip says it: "Reading… 40%", "Ready", or why it could not be read. */
export function documentStatusText(t: Translate, document: Pick<DocumentView, "state" | "progress" | "failure">): string {
  if (document.state === "reading") return t("documents:reading", { progress: Math.max(0, Math.min(99, Math.round(document.progress))) });
  if (document.state === "ready") return t("documents:ready");
  return t(`errors:${document.failure ?? "document/unreadable"}`);
}
