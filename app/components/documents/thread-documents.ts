import { createContext } from "react";
import type { DocumentView } from "~/lib/documents";

/**
 * The documents of the thread on screen, given to the markdown renderer with each answer: an answer's `[p. N]` becomes
 * a button only when one of them is the document it cites (citation-button.tsx). Empty elsewhere (a shared
 * conversation, a tool's thread).
 */
export const ThreadDocuments = createContext<readonly DocumentView[]>([]);
