// Photo translate without a vision model: the demo provider cannot read photos, so it answers with two sample
// phrases and their real translations, flagged `demo` so the page says plainly that nothing was read.
import type { TranslateLanguage, TranslationResult } from "../../lib/schemas/images";

const HELLO: Record<TranslateLanguage, string> = {
  af: "Hallo", ar: "مرحبا", bg: "Здравейте", bn: "হ্যালো", ca: "Hola", cs: "Ahoj", da: "Hej", de: "Hallo", el: "Γεια σας", en: "Hello",
  es: "Hola", et: "Tere", fa: "سلام", fi: "Hei", fil: "Kumusta", fr: "Bonjour", he: "שלום", hi: "नमस्ते", hr: "Bok", hu: "Szia",
  id: "Halo", it: "Ciao", ja: "こんにちは", ko: "안녕하세요", lt: "Labas", lv: "Sveiki", ms: "Helo", nb: "Hei", nl: "Hallo", pl: "Cześć",
  pt: "Olá", ro: "Bună", ru: "Здравствуйте", sk: "Ahoj", sl: "Živjo", sr: "Здраво", sv: "Hej", sw: "Habari", th: "สวัสดี", tr: "Merhaba",
  uk: "Привіт", ur: "ہیلو", vi: "Xin chào", "zh-Hans": "你好", "zh-Hant": "你好",
};

const THANK_YOU: Record<TranslateLanguage, string> = {
  af: "Dankie", ar: "شكرا", bg: "Благодаря", bn: "ধন্যবাদ", ca: "Gràcies", cs: "Děkuji", da: "Tak", de: "Danke", el: "Ευχαριστώ", en: "Thank you",
  es: "Gracias", et: "Aitäh", fa: "متشکرم", fi: "Kiitos", fil: "Salamat", fr: "Merci", he: "תודה", hi: "धन्यवाद", hr: "Hvala", hu: "Köszönöm",
  id: "Terima kasih", it: "Grazie", ja: "ありがとう", ko: "감사합니다", lt: "Ačiū", lv: "Paldies", ms: "Terima kasih", nb: "Takk", nl: "Dank je", pl: "Dziękuję",
  pt: "Obrigado", ro: "Mulțumesc", ru: "Спасибо", sk: "Ďakujem", sl: "Hvala", sr: "Хвала", sv: "Tack", sw: "Asante", th: "ขอบคุณ", tr: "Teşekkürler",
  uk: "Дякую", ur: "شکریہ", vi: "Cảm ơn", "zh-Hans": "谢谢", "zh-Hant": "謝謝",
};

export function demoTranslation(targetLanguage: TranslateLanguage): TranslationResult {
  return {
    demo: true,
    sourceLanguage: "en",
    blocks: [
      { text: "Hello", translation: HELLO[targetLanguage] },
      { text: "Thank you", translation: THANK_YOU[targetLanguage] },
    ],
  };
}
