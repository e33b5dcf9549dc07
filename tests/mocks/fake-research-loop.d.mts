// Types for fake-research-loop.mjs (the project compiles TypeScript with allowJs off).
export interface LoopPage {
  url: string;
  title: string;
  text: string;
  age?: string;
  gone?: true;
  private?: true;
}
export const LOOP_PAGES: readonly LoopPage[];
export function loopPageHtml(url: string): string | null;
export function braveResults(query: string, count: number): { title: string; url: string; description: string; page_age?: string }[];
export function handleBraveRequest(request: unknown, url: URL, response: unknown): boolean;
export function researchLoopReply(body: unknown): string | null;
