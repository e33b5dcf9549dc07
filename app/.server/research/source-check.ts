// Placeholder until the resx helper's source check lands: returns the sources as they are (unchecked).
import type { AppEnv } from "../env";
import type { ResearchSource } from "./report";

export async function checkSources(env: AppEnv, sources: ResearchSource[], fetchPage?: (url: string) => Promise<Response>): Promise<ResearchSource[]> {
  void env;
  void fetchPage;
  return sources;
}
