// Types of scripts/import-cycles.mjs for its unit test.
export const MAX_FILES: number;
export function specifiers(text: string, fileName?: string): string[];
export function importGraph(roots?: string[], root?: string): Map<string, string[]>;
export function circles(graph: Map<string, string[]>): string[][];
export function exampleLoop(graph: Map<string, string[]>, component: string[]): string[];
