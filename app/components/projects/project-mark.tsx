import type { ProjectColour } from "~/lib/projects";
import { FolderClosed } from "lucide-react";

const DOT: Record<ProjectColour, string> = {
  gray: "text-zinc-500",
  red: "text-red-500",
  orange: "text-orange-500",
  yellow: "text-yellow-500",
  green: "text-green-600",
  blue: "text-blue-600",
  purple: "text-purple-600",
  pink: "text-pink-500",
};

/** A project's emoji, else a folder in its colour (docs/decisions/0038-projects.md). Decorative: the name follows it. */
export function ProjectMark({ emoji, colour }: { emoji: string | null; colour?: ProjectColour | null }) {
  if (emoji) return <span aria-hidden>{emoji}</span>;
  return <FolderClosed className={`size-4 shrink-0 ${colour ? DOT[colour] : "text-muted-foreground"}`} aria-hidden />;
}
