// A deep research engine that runs upstream (decision 0043): started once, polled from the
// account object's alarm, cancelled upstream when the person cancels. The own loop (research/loop.ts) needs none.
import type { AppEnv } from "../env";
import type { ResearchReport } from "./report";

export interface ResearchEngineInput {
  question: string;
  plan: string[];
  language: "en" | "tr";
}
export interface ResearchPoll {
  status: "running" | "completed" | "failed" | "cancelled";
  sourcesRead: number;
  step?: string;
  report?: ResearchReport;
}
export interface ResearchEngine {
  start(env: AppEnv, input: ResearchEngineInput): Promise<{ upstreamId: string }>;
  poll(env: AppEnv, upstreamId: string): Promise<ResearchPoll>;
  cancel(env: AppEnv, upstreamId: string): Promise<void>;
}
