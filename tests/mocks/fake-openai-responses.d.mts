// Types for fake-openai-responses.mjs (the project compiles TypeScript with allowJs off).
export const SEARCH_SOURCES: readonly { url: string; title: string }[];
export function lastInput(input: unknown): string;
export function searchAnswerTokens(question: string): string[];
export function expectedSearchText(question: string): string;
export function searchAnnotations(text: string): { type: "url_citation"; start_index: number; end_index: number; url: string; title: string }[];
export function handleResponsesRequest(body: unknown, response: unknown, io: unknown): Promise<boolean>;
