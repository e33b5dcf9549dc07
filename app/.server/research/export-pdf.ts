// Placeholder until the resx helper's PDF export lands.
import type { ResearchReport } from "./report";

export async function reportToPdf(report: ResearchReport): Promise<Uint8Array> {
  void report;
  throw new Error("research PDF export not merged yet");
}
