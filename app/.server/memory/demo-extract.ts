// The demo provider's memory extraction (decision 0027): plain sentence patterns in English and Turkish, so memory works
// and is testable offline with no key. Each pattern names a topic, so a new fact on a topic already kept ("I live
// in Ankara" after "I live in İzmir") updates that memory instead of adding a second one.
import type { MemoryRef } from "../../lib/memory";
import type { MemoryProposal } from "./store";

interface Pattern {
  topic: string;
  match: RegExp;
  memory: (found: string) => string;
  /** Recognises a kept memory on the same topic. */
  kept: RegExp;
}

const NAME = "[\\p{Lu}][\\p{L}'’-]*(?:\\s[\\p{Lu}][\\p{L}'’-]*){0,3}";
/** A few words, as few as the sentence allows (each pattern says where they must end). */
const WORDS = "[\\p{L}][\\p{L}'’ -]{0,58}?[\\p{L}]";

const PATTERNS: Pattern[] = [
  { topic: "name", match: new RegExp(`\\b[Mm]y name is (${NAME})`, "u"), memory: (name) => `Name is ${name}`, kept: /^Name is |^Adı /u },
  {
    topic: "home",
    match: new RegExp(`\\bI live in (${WORDS})(?=[.,!?;]|$|\\s(?:and|but|now|since)\\b)`, "iu"),
    memory: (place) => `Lives in ${place}`,
    kept: /^Lives in |yaşıyor$/u,
  },
  {
    topic: "allergy",
    match: new RegExp(`\\bI(?:'m| am) allergic to (${WORDS})(?=[.,!?;]|$)`, "iu"),
    memory: (what) => `Is allergic to ${what}`,
    kept: /^Is allergic to |alerjisi var$/u,
  },
  {
    topic: "diet",
    match: /\bI(?:'m| am) (?:a )?(vegetarian|vegan)\b/iu,
    memory: (diet) => `Is ${diet.toLowerCase()}`,
    kept: /^Is (?:vegetarian|vegan)$|^(?:Vejetaryen|Vegan)$/u,
  },
  {
    topic: "learning",
    match: new RegExp(`\\bI(?:'m| am) learning (${WORDS})(?=[.,!?;]|$)`, "iu"),
    memory: (what) => `Is learning ${what}`,
    kept: /^Is learning |öğreniyor$/u,
  },
  {
    topic: "style",
    match: /\bI prefer (short|brief|long|detailed) answers\b/iu,
    memory: (kind) => `Prefers ${kind.toLowerCase()} answers`,
    kept: /^Prefers \w+ answers$|yanıtlar(?:ı)? tercih ediyor$/u,
  },
  { topic: "name", match: new RegExp(`\\b(?:benim )?adım (${NAME})`, "iu"), memory: (name) => `Adı ${name}`, kept: /^Name is |^Adı /u },
  {
    topic: "home",
    match: new RegExp(`\\bben (${NAME}['’]?(?:d|t)[ae]) yaşıyorum`, "iu"),
    memory: (place) => `${place} yaşıyor`,
    kept: /^Lives in |yaşıyor$/u,
  },
  { topic: "allergy", match: /([\p{L}]+) alerjim var/iu, memory: (what) => `${what} alerjisi var`, kept: /^Is allergic to |alerjisi var$/u },
  {
    topic: "diet",
    match: /\b(vejetaryen(?=im\b)|vegan(?=ım(?![\p{L}])))/iu,
    memory: (diet) => (diet.toLowerCase() === "vegan" ? "Vegan" : "Vejetaryen"),
    kept: /^Is (?:vegetarian|vegan)$|^(?:Vejetaryen|Vegan)$/u,
  },
];

/** The facts a question states by these patterns, each updating a kept memory on its topic when there is one. */
export function demoProposals(question: string, kept: MemoryRef[]): MemoryProposal[] {
  const proposals: MemoryProposal[] = [];
  const topics = new Set<string>();
  for (const pattern of PATTERNS) {
    if (topics.has(pattern.topic)) continue;
    const found = pattern.match.exec(question)?.[1]?.trim();
    if (!found) continue;
    topics.add(pattern.topic);
    const same = kept.find((memory) => pattern.kept.test(memory.text));
    proposals.push({ text: pattern.memory(found), replaces: same?.id ?? null });
  }
  return proposals;
}
