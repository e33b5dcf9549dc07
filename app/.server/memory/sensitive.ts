// What memory never keeps (decision 0027, SECURITY.md "Memory"): secrets (passwords, card, bank and identity numbers,
// keys), and health details the person did not ask to be remembered. A rule in code, applied to every memory the
// extraction job proposes, whatever the model says; a memory the person writes themselves is only held to the first
// half (they asked for it). Allergies are not counted as health details here: people state them so that answers
// (recipes, restaurants) take them into account. The words are English and Turkish, the product's two languages.

export type SensitiveKind = "secret" | "health";

const SECRET_WORDS =
  /\b(?:passwords?|passcodes?|passphrases?|pin(?:\s*codes?)?|cvv|cvc|security codes?|api\s*keys?|access\s*tokens?|secret\s*keys?|social security|ssn|passport(?:\s*number)?|national id|id number|driver'?s licen[cs]e number|iban|routing number|account number)\b/iu;
const SECRET_WORDS_TR =
  /(?:şifre|parola|pin kodu|kimlik\s*(?:no|numara)|t\.?\s?c\.?\s*(?:kimlik|no)|pasaport\s*(?:no|numara)|kart\s*numara|hesap\s*numara|güvenlik\s*kodu)/iu;
/** A card number (13 to 19 digits, however spaced) or any other long run of digits an identity number could be. */
const LONG_NUMBER = /(?:\d[ -]?){9,}/u;
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,7}/u;
const KEY_LIKE = /\b(?:sk|pk|rk)[-_][A-Za-z0-9_-]{12,}|\bey[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{10,}/u;

const HEALTH_WORDS =
  /\b(?:diagnos\w*|depress\w*|anxiety|bipolar|schizophreni\w*|adhd|autis\w*|cancer|tumou?r|hiv|aids|diabet\w*|epilep\w*|medication|medicine|antidepressant\w*|prescri\w*|pregnan\w*|miscarriage|abortion|therap(?:y|ist)|chemo\w*|surgery|disorder|illness|disease)\b/iu;
const HEALTH_WORDS_TR =
  /(?:teşhis|tanı\s*kon|depresyon|anksiyete|bipolar|şizofreni|kanser|tümör|hiv|diyabet|şeker hastası|epilepsi|ilaç|antidepresan|reçete|hamile|gebe|düşük yaptı|kürtaj|terapi|kemoterapi|ameliyat|hastalı[kğ])/iu;

/** The person asked for this to be remembered ("remember that...", "bunu hatırla"): their own word overrides the health rule. */
const ASKED_TO_REMEMBER = /\bremember\b|\bdon'?t forget\b|hatırla|unutma/iu;

/** Which kind of sensitive data `text` holds, or null when it holds none we can see. */
export function sensitiveKind(text: string): SensitiveKind | null {
  if (SECRET_WORDS.test(text) || SECRET_WORDS_TR.test(text) || LONG_NUMBER.test(text) || IBAN.test(text) || KEY_LIKE.test(text)) return "secret";
  if (HEALTH_WORDS.test(text) || HEALTH_WORDS_TR.test(text)) return "health";
  return null;
}

/**
 * Whether a memory the extraction job proposes from a turn may be kept: never a secret, and nothing at all from a
 * question that held one (a model may rephrase "my PIN is 4412" into words this rule does not know); health details
 * only when the person's question asked for them to be remembered.
 */
export function mayKeepExtracted(memory: string, question: string): boolean {
  if (sensitiveKind(question) === "secret") return false;
  const kind = sensitiveKind(memory);
  if (kind === "secret") return false;
  if (kind === "health") return ASKED_TO_REMEMBER.test(question);
  return true;
}

/** Whether a memory the person writes themselves (Settings › Memory) may be kept: anything but a secret. */
export function mayKeepWritten(memory: string): boolean {
  return sensitiveKind(memory) !== "secret";
}
