import { useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentView } from "~/lib/documents";
import { resolveCitation } from "~/lib/citations";
import { openDocumentPanel } from "~/lib/ui-store";
import { SharedThread, ThreadDocuments } from "./thread-documents";
import { InProjectThread } from "../projects/project-thread";
import { Button } from "~/components/ui/button";

interface CitationProps {
  page?: string | number;
  name?: string;
  context?: string;
  children?: ReactNode;
}

/**
 * A page citation in an answer (remark-citations.ts): a button opening the cited page in the side panel, with the
 * answer's words highlighted there. Its visible text stays "[p. 12]"; its name says which page of which document.
 * Text as written when the thread has no such document (or page).
 */
export function CitationButton({ page, name, context, children }: CitationProps) {
  const { t } = useTranslation("chat");
  const documents = useContext(ThreadDocuments);
  const number = Number(page);
  const document = resolveCitation({ name: name ?? null, page: number }, documents);
  const inProject = useContext(InProjectThread) !== null;
  const shareId = useContext(SharedThread);
  if (shareId && Number.isInteger(number) && number > 0)
    return (
      <CitationLink
        label={name ? t("file.cite", { page: number, name }) : t("share:page.cite", { page: number })}
        onOpen={() =>
          openDocumentPanel({ document: sharedDocument(name ?? null), page: number, context: context || null, shared: { shareId, name: name ?? null } })
        }
      >
        {children}
      </CitationLink>
    );
  // A project chat's citation of a file since removed from the project says so (decision 0038-projects).
  if (!document && inProject && name && !documents.some((candidate) => candidate.name.toLowerCase() === name.toLowerCase()))
    return (
      <>
        {children} <span className="text-xs text-muted-foreground">({t("projects.fileRemoved")})</span>
      </>
    );
  if (!document) return <>{children}</>;
  return (
    <CitationLink
      label={t("file.cite", { page: number, name: document.name })}
      onOpen={() => openDocumentPanel({ document, page: number, context: context || null })}
    >
      {children}
    </CitationLink>
  );
}

function CitationLink({ label, onOpen, children }: { label: string; onOpen: () => void; children?: ReactNode }) {
  return (
    <Button
      type="button"
      onClick={onOpen}
      aria-label={label}
      variant="unstyled"
      className="rounded px-0.5 font-medium text-primary underline decoration-dotted underline-offset-2 hover:bg-muted"
    >
      {children}
    </Button>
  );
}

/** What the panel knows of a shared conversation's cited file before the link answers: its name, if the citation gives it. */
const sharedDocument = (name: string | null): DocumentView => ({
  id: "",
  name: name ?? "",
  contentType: "text/plain",
  bytes: 0,
  pages: null,
  state: "ready",
  progress: 100,
  failure: null,
  threadId: null,
  createdAt: 0,
});
