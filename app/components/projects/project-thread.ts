import { createContext } from "react";

/**
 * Whether the conversation shown is a project's chat (docs/decisions/0035-projects.md): a citation naming a file the
 * project no longer has then says "file removed" instead of being plain text.
 */
export const InProjectThread = createContext(false);
