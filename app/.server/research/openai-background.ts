// Placeholder until the resx helper's OpenAI background-mode engine lands.
import type { ResearchEngine } from "./engine";

const notMerged = () => Promise.reject(new Error("OpenAI background research not merged yet"));

export const openAiBackgroundEngine: ResearchEngine = { start: notMerged, poll: notMerged, cancel: notMerged };
