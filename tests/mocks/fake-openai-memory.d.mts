// Types for fake-openai-memory.mjs (the project compiles TypeScript with allowJs off).
export const NO_SYSTEM: string;
export function systemText(messages: unknown): string;
export function contextText(messages: unknown): string;
export function systemTokens(messages: unknown): string[];
export function isMemoryExtraction(body: unknown): boolean;
export function memoryExtractionReply(body: unknown): string;
