// The 78-card tarot deck and a draw that is deterministic per request id: a retried request draws the same cards.
export const MAJOR_ARCANA = [
  "fool",
  "magician",
  "high-priestess",
  "empress",
  "emperor",
  "hierophant",
  "lovers",
  "chariot",
  "strength",
  "hermit",
  "wheel-of-fortune",
  "justice",
  "hanged-man",
  "death",
  "temperance",
  "devil",
  "tower",
  "star",
  "moon",
  "sun",
  "judgement",
  "world",
] as const;
export const SUITS = ["wands", "cups", "swords", "pentacles"] as const;
export const RANKS = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "page", "knight", "queen", "king"] as const;

export type TarotCard =
  { arcana: "major"; id: (typeof MAJOR_ARCANA)[number] } | { arcana: "minor"; rank: (typeof RANKS)[number]; suit: (typeof SUITS)[number] };

export const DECK: readonly TarotCard[] = [
  ...MAJOR_ARCANA.map((id) => ({ arcana: "major" as const, id })),
  ...SUITS.flatMap((suit) => RANKS.map((rank) => ({ arcana: "minor" as const, rank, suit }))),
];

export const SPREAD = ["past", "present", "future"] as const;

export interface DrawnCard {
  card: TarotCard;
  reversed: boolean;
  position: (typeof SPREAD)[number];
}

/** FNV-1a of the seed text, then mulberry32: small, fast, and the same on every runtime. */
function random(seed: string): () => number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Three different cards for past, present and future, each upright or reversed. */
export function drawCards(seed: string): DrawnCard[] {
  const next = random(seed);
  const indexes = DECK.map((_, index) => index);
  return SPREAD.map((position, slot) => {
    // Partial Fisher-Yates: each pick comes from the cards not drawn yet.
    const pick = slot + Math.floor(next() * (indexes.length - slot));
    [indexes[slot], indexes[pick]] = [indexes[pick]!, indexes[slot]!];
    return { card: DECK[indexes[slot]!]!, reversed: next() < 0.3, position };
  });
}
