// Types for fake-openai.mjs (the project compiles TypeScript with allowJs off).
export interface FakeOpenAIOptions {
  port?: number;
  host?: string;
  tokens?: number;
  intervalMs?: number;
  cutAt?: number;
  malformedAt?: number;
  failures?: number;
  retryAfterMs?: number;
  reasoningTokens?: number;
  apiKey?: string;
  log?: boolean;
}

export interface FakeOpenAIStats {
  requests: number;
  byBehaviour: Record<string, number>;
  byStatus: Record<string, number>;
  completed: number;
  broken: number;
  lastBody: unknown;
  audio: import("./fake-openai-audio.mjs").AudioCalls;
  memory: { extractions: { promptChars: number; answerChars: number }[]; systemChars: number[] };
}

export interface FakeOpenAI {
  /** Base URL ending in /v1 (what OPENAI_BASE_URL expects). */
  url: string;
  origin: string;
  port: number;
  stats: FakeOpenAIStats;
  resetStats(): void;
  close(): Promise<void>;
}

export function startFakeOpenAI(options?: FakeOpenAIOptions): Promise<FakeOpenAI>;
