// Types for fake-openai-replies.mjs (the project compiles TypeScript with allowJs off).
export type Behaviour = "normal" | "cut" | "429" | "malformed" | "gone" | "reasoning" | "xss" | "stream-error" | "long" | "system" | "images";

export interface ReplyDefaults {
  tokens: number;
  intervalMs: number;
  cutAt: number;
  malformedAt: number;
  failures: number;
  retryAfterMs: number;
  reasoningTokens: number;
}

export const BEHAVIOURS: readonly Behaviour[];
export const XSS_MARKUP: string;
export const DEFAULTS: Readonly<ReplyDefaults>;
export function parseModel(
  model: string,
  defaults?: ReplyDefaults,
): { behaviour: Behaviour; params: { tokens: number; intervalMs: number; cutAt: number; failures: number; retryAfterMs: number; reasoningTokens: number } };
export function lastQuestion(messages: unknown): string;
export function mirrorWords(question: string): string[];
export function answerTokens(question: string, count?: number): string[];
export function xssTokens(): string[];
export function reasoningTokens(count?: number): string[];
export function imageTokens(messages: unknown): string[];
export function contentTokens(model: string, question: string, defaults?: ReplyDefaults): string[];
export function continuationTokens(tokens: string[], messages: unknown): string[];
export function expectedAnswer(model: string, question: string, defaults?: ReplyDefaults): string;
export function expectedPartial(model: string, question: string, defaults?: ReplyDefaults): string;
