// A tool's demo reply crosses into the account's object as data (decision 0037, chat/turn/demo.ts): the tool's turn
// survives a structured clone (what RPC does to it; a function would not), and the object fills in the question it
// answers, quoted or escaped as the tool wrote it.
import { describe, expect, it } from "vitest";
import { demoText } from "../../app/.server/chat/turn/demo";
import { horoscopeTurn } from "../../app/.server/horoscope/reading";
import { searchTurn } from "../../app/.server/search/turn";

const NOW = Date.parse("2024-01-25T18:00:00Z");

describe("a tool's demo reply", () => {
  it("is plain data: a horoscope or search turn clones whole, as RPC carries it", () => {
    const turns = [
      horoscopeTurn({ type: "tarot", input: { type: "tarot", question: "Will it work?" }, locale: "en", seed: "seed", now: NOW }),
      horoscopeTurn({ type: "daily", locale: "tr", seed: "seed", now: NOW }),
      searchTurn({ category: "education", input: { category: "education", subject: "Ada Lovelace" }, locale: "en" }),
    ];
    for (const turn of turns) expect(structuredClone(turn)).toEqual(turn);
  });

  it("quotes a horoscope follow-up's question line by line, inside the reply's quote block", () => {
    const turn = horoscopeTurn({ type: "daily", locale: "en", seed: "seed", now: NOW });
    const text = demoText(turn.demo, "First line\nSecond *line*", undefined);
    expect(text).toContain("> First line\n> Second *line*");
    expect(text).not.toContain("\uE000");
  });

  it("escapes a search follow-up's question inline, so its Markdown shows as typed", () => {
    const turn = searchTurn({ category: "education", locale: "en" });
    expect(demoText(turn.demo, "Ada *Lovelace* <b>", undefined)).toContain("Ada \\*Lovelace\\* \\<b\\>");
  });

  it("leaves an opening reply that names no question as the tool wrote it", () => {
    const turn = searchTurn({ category: "education", input: { category: "education", subject: "Ada Lovelace" }, locale: "en" });
    expect(demoText(turn.opening!.demo, "ignored", undefined)).toBe(turn.opening!.demo.text);
  });
});
