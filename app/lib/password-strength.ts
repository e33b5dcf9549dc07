// docs/product.md §8 "Weak password": a password inside docs/product.md §5's 8–20 characters can still be one an attacker tries first.
// The rule is deliberately small and explainable, the same in the browser and on the server:
//   - not one of the most used passwords (and not one with only digits or a year appended to one of them),
//   - at least 5 different characters ("aaaaaaaa", "abababab" are refused),
//   - not a run along the alphabet, the digits or a keyboard row ("12345678", "abcdefgh", "qwertyui"),
//   - not built around the account's own e-mail name or display name.
// A length-20 cap (docs/product.md §5) rules out pass-phrases long enough to ignore this, so no character-class rule is added:
// "bluecactusriver" is fine, "password1" is not.

const COMMON = new Set(
  (
    "password passw0rd p@ssword p@ssw0rd letmein welcome iloveyou sunshine princess football baseball dragon monkey " +
    "master shadow superman batman trustno1 whatever freedom starwars qwerty qwertyuiop asdfghjkl zxcvbnm " +
    "abc123 admin administrator login changeme secret default computer internet michael jennifer jordan " +
    "hunter charlie michelle jessica ashley daniel thomas soccer hockey killer pepper ginger summer winter " +
    "spring autumn flower butterfly chocolate cookie cheese banana orange purple yellow mustang harley ranger " +
    "maggie buster tigger hello loveme lovely angel mother family forever google facebook samsung apple " +
    "microsoft linkedin instagram twitter youtube whatsapp galatasaray fenerbahce besiktas trabzonspor sifre " +
    "parola merhaba istanbul ankara izmir turkiye askim canim"
  ).split(" "),
);

const RUNS = ["abcdefghijklmnopqrstuvwxyz", "01234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop", "1qaz2wsx3edc"];

/** The password with a trailing number/year and a few symbol swaps removed, as a guesser would try it. */
function core(password: string): string {
  return password
    .toLowerCase()
    .replace(/[\d!@#$%^&*.?_-]+$/u, "")
    .replace(/@/gu, "a")
    .replace(/0/gu, "o")
    .replace(/\$/gu, "s")
    .replace(/1/gu, "i")
    .replace(/3/gu, "e");
}

function isRun(text: string): boolean {
  if (text.length < 6) return false;
  return RUNS.some((run) => run.includes(text) || [...run].reverse().join("").includes(text));
}

/** True when the password is too easy to guess; `personal` holds the e-mail and display name when known. */
export function isWeakPassword(password: string, personal: { email?: string; displayName?: string } = {}): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size < 5) return true;
  if (COMMON.has(lower) || COMMON.has(core(password)) || COMMON.has(lower.replace(/\d+$/u, ""))) return true;
  if (isRun(lower) || isRun(lower.replace(/\d+$/u, "")) || /^\d+$/u.test(lower)) return true;
  const names = [personal.email?.split("@")[0], ...(personal.displayName?.split(/\s+/u) ?? [])];
  return names.some((name) => {
    const part = name?.toLowerCase().trim();
    return Boolean(part && part.length >= 4 && lower.includes(part));
  });
}
