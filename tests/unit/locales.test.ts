// Every translation exists in both languages and none is empty, so no screen falls back to a raw key.
import { describe, expect, it } from "vitest";
import en from "../../locales/en";
import tr from "../../locales/tr";
import { NAMESPACES } from "../../app/lib/i18n";

const LANGUAGES = ["en", "tr"] as const;

// Vite resolves the glob at build time: every JSON namespace file under locales/<language>/.
const files = import.meta.glob<unknown>("../../locales/*/*.json", { eager: true, import: "default" });

/** "namespace:a.b.c" -> value, for every leaf (strings, and anything else so a wrong type shows up too). */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const byLanguage = new Map<string, Map<string, unknown>>(LANGUAGES.map((language) => [language, new Map()]));
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match;
  const keys = byLanguage.get(language!);
  if (keys) flatten(content, `${namespace}:`, keys);
}

describe("locale files", () => {
  it("were found for both languages", () => {
    for (const language of LANGUAGES) expect(byLanguage.get(language)!.size, `no keys under locales/${language}`).toBeGreaterThan(0);
  });

  it('are each a namespace the browser loads by name and the server holds (decision 0019 "Strings by namespace")', () => {
    // app/lib/strings.ts loads every file of a language as its own chunk; a file outside NAMESPACES would be a
    // namespace no route could name, one missing from a language's index a namespace the server renders as raw keys.
    const found = [...new Set(Object.keys(files).map((path) => /locales\/[^/]+\/([^/]+)\.json$/.exec(path)![1]!))].sort();
    expect(found).toEqual([...NAMESPACES].sort());
    expect(Object.keys(en).sort()).toEqual(found);
    expect(Object.keys(tr).sort()).toEqual(found);
  });

  it("have the same keys in every language", () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const other of LANGUAGES) {
        if (other === language) continue;
        for (const key of byLanguage.get(language)!.keys()) {
          if (!byLanguage.get(other)!.has(key)) problems.push(`${key} is in ${language} but missing from ${other}`);
        }
      }
    }
    expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
  });

  it("have no empty or non-string translations", () => {
    const problems: string[] = [];
    for (const [language, keys] of byLanguage) {
      for (const [key, value] of keys) {
        if (typeof value !== "string") problems.push(`${language} ${key} is ${JSON.stringify(value)}, not a string`);
        else if (value.trim() === "") problems.push(`${language} ${key} is empty`);
      }
    }
    expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
  });

  it("use the same {{placeholders}} in every language", () => {
    const placeholders = (value: unknown) => [...String(value).matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();
    const problems: string[] = [];
    const [first, ...others] = LANGUAGES;
    for (const [key, value] of byLanguage.get(first)!) {
      for (const other of others) {
        const translated = byLanguage.get(other)!.get(key);
        if (translated === undefined) continue;
        const want = placeholders(value).join(",");
        const got = placeholders(translated).join(",");
        if (want !== got) problems.push(`${key}: ${first} has {{${want}}}, ${other} has {{${got}}}`);
      }
    }
    expect(problems, `\n${problems.join("\n")}\n`).toEqual([]);
  });
});
