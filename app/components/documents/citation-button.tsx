import { useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { resolveCitation } from "~/lib/citations";
import { openDocumentPanel } from "~/lib/ui-store";
import { ThreadDocuments } from "./thread-documents";
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
  // A project chat's citation of a file since removed from the project says so (decision 0038-projects).
  if (!document && inProject && name && !documents.some((candidate) => candidate.name.toLowerCase() === name.toLowerCase()))
    return (
      <>
        {children} <span className="text-xs text-muted-foreground">({t("projects.fileRemoved")})</span>
      </>
    );
  if (!document) return <>{children}</>;
  return (
    <Button
      type="button"
      onClick={() => openDocumentPanel({ document, page: number, context: context || null })}
      aria-label={t("file.cite", { page: number, name: document.name })}
      variant="unstyled"
      className="rounded px-0.5 font-medium text-primary underline decoration-dotted underline-offset-2 hover:bg-muted"
    >
      {children}
    </Button>
  );
}
