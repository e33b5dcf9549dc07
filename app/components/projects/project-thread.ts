import { createContext } from "react";
import type { ThreadProject } from "~/lib/projects";

/**
 * The project of the conversation shown, if any (docs/decisions/0038-projects.md): a citation naming a file the project
 * no longer has then says "file removed", and a document attached in the chat can be added to the project.
 */
export const InProjectThread = createContext<ThreadProject | null>(null);
