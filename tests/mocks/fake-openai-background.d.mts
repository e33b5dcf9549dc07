// Types for fake-openai-background.mjs (the project compiles TypeScript with allowJs off).
export const RESEARCH_SOURCES: readonly { url: string; title: string; quote: string }[];
export function planItems(input: unknown): string[];
export function researchReportText(plan: string[]): { full: string; partial: string };
export function researchAnnotations(text: string): { type: "url_citation"; start_index: number; end_index: number; url: string; title: string }[];
export function backgroundStore(): Map<string, unknown>;
export function createBackground(body: unknown, response: unknown, store: Map<string, unknown>): void;
export function retrieveBackground(id: string, response: unknown, store: Map<string, unknown>): void;
export function cancelBackground(id: string, response: unknown, store: Map<string, unknown>): void;
