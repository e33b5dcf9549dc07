// Placeholder until the resx helper's Markdown export lands.
import type { ResearchReport } from "./report";

export function reportToMarkdown(report: ResearchReport): string {
  void report;
  throw new Error("research Markdown export not merged yet");
}
