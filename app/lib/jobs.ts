// What the browser learns about a creation job: shared by the tool pages, the gallery and the job watcher.
import type { ImageTool, JobSettings, TranslationResult } from "./schemas/images";

export type JobStatus = "queued" | "running" | "done" | "failed";

export interface JobImage {
  id: string;
  url: string;
  downloadUrl: string;
  contentType: string;
  width: number;
  height: number;
  /** The model that drew it: an upstream image model id, "demo" or "vector" (a server-made SVG). */
  model: string;
}

export interface JobView {
  id: string;
  tool: ImageTool;
  status: JobStatus;
  errorCode: string | null;
  prompt: string;
  /** The catalogue model chosen on the page. */
  model: string;
  settings: JobSettings | null;
  /** The photo a tattoo or translation started from (served to its owner only). */
  sourceUrl: string | null;
  image: JobImage | null;
  translation: TranslationResult | null;
  createdAt: number;
  updatedAt: number;
}

export const isFinished = (status: JobStatus) => status === "done" || status === "failed";

/** "Use again": the tool page with this job's settings filled in. */
export function reusePath(job: { tool: ImageTool | "horoscope"; id: string }): string {
  // A saved birth chart is drawn from the birth data, which the birth-chart page already has.
  if (job.tool === "horoscope") return "/horoscope/birth-chart";
  return `/${job.tool}?from=${encodeURIComponent(job.id)}`;
}
