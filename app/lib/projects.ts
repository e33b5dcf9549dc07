// Projects (docs/decisions/0038-projects.md), shared by server and screens: the limits by plan, the palette, and the
// shapes the pages show.
import type { DocumentView } from "./documents";

/** Projects an account may have, and files each project may hold, by plan (a visitor has none). */
export const PROJECT_LIMITS = {
  free: { projects: 3, files: 20 },
  pro: { projects: 100, files: 200 },
} as const;

export type ProjectPlan = keyof typeof PROJECT_LIMITS;

export const PROJECT_NAME_MAX = 60;
export const PROJECT_INSTRUCTIONS_MAX = 4_000;

/** The colours a project may be marked with (Tailwind classes for the dot are in the screens). */
export const PROJECT_COLOURS = ["gray", "red", "orange", "yellow", "green", "blue", "purple", "pink"] as const;
export type ProjectColour = (typeof PROJECT_COLOURS)[number];

/** One project as the sidebar and /projects list it. */
export interface ProjectSummary {
  id: string;
  name: string;
  emoji: string | null;
  colour: ProjectColour | null;
  chats: number;
  /** The newest of its own change and its chats' last activity (epoch ms). */
  lastActivity: number;
}

export interface ProjectChat {
  id: string;
  title: string;
  updatedAt: number;
}

/** An image a project holds (shown from /media/uploads/:id, its owner only). */
export interface ProjectImage {
  id: string;
  name: string;
  width: number;
  height: number;
  addedAt: number;
}

/** What /projects/:projectId shows. */
export interface ProjectScreen {
  project: ProjectSummary & { instructions: string; keptApart: boolean };
  chats: ProjectChat[];
  files: DocumentView[];
  images: ProjectImage[];
}

/** A chat's project, shown above its conversation and used to resolve citations of the project's files. */
export interface ThreadProject {
  id: string;
  name: string;
  emoji: string | null;
  /** The project's files (a chat's attached document not among them can be added: "Add to project"). */
  fileIds?: string[];
}
