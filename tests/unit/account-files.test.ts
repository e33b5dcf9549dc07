// Every R2 key of an account's files is made by account/files.ts from a folder a part claims (decision 0034), so
// deleting an account lists every folder it has files in. A key written by hand (`` `folder/${owner}/...` ``)
// anywhere else fails here: it could name a folder no part claims, whose files would outlive the account.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;

function sourceFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return /\.(ts|tsx)$/.test(path) && !path.endsWith(".d.ts") ? [path] : [];
  return readdirSync(path).flatMap((name) => sourceFiles(join(path, name)));
}

/** A template literal `<folder>/${...}/`: how an R2 key by owner is written by hand. */
const HAND_MADE_KEY = /`[a-z][a-z-]*\/\$\{[^}]+\}\//;
/** Literals of that shape that are not R2 keys, each with why. */
const NOT_KEYS = [
  // The HKDF "info" that gives each purpose its own signing key (SECURITY.md, one key per purpose).
  /encoder\.encode\(`nova\/\$\{purpose\}\//,
  // The cache key of a Stripe price read (billing/checkout.ts), not a file.
  /cachedStripeRead\(config, `preview\//,
];

describe("account files", () => {
  it("makes every key of an account's file in account/files.ts", () => {
    const handMade = ["app", "workers"]
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .filter((path) => !path.endsWith("app/.server/account/files.ts"))
      .flatMap((path) =>
        readFileSync(path, "utf8")
          .split("\n")
          .flatMap((line, index) =>
            HAND_MADE_KEY.test(line) && !NOT_KEYS.some((pattern) => pattern.test(line)) ? [`${relative(ROOT, path)}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(handMade).toEqual([]);
  });
});
