import { createContext } from "react";
import type { DocumentView } from "~/lib/documents";

/**
 * The documents of the thread on screen, given to the markdown renderer with each answer: an answer's `[p. N]` becomes
 * a button only when one of them is the document it cites (citation-button.tsx). Empty elsewhere (a shared
 * conversation, a tool's thread).
 */
export const ThreadDocuments = createContext<readonly DocumentView[]>([]);

/**
 * The share link a shared conversation is shown through: its answers' page citations open the cited page through the
 * link (`GET /api/shares/:shareId/pages/:n`), which serves only what the snapshot cites (decision 0038-projects).
 */
export const SharedThread = createContext<string | null>(null);
