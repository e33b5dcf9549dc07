import { Info } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TranslationResult } from "~/lib/schemas/images";
import { CopyButton } from "../chat/copy-button";

/** A language's name in the interface language ("Turkish" / "Türkçe"), or null for codes Intl does not know. */
export function languageName(code: string, uiLanguage: string): string | null {
  if (!code || code === "und") return null;
  try {
    const name = new Intl.DisplayNames([uiLanguage], { type: "language", fallback: "none" }).of(code);
    return name ?? null;
  } catch {
    return null;
  }
}

/** Photo translate's answer: the source language named, then each text block beside its translation. */
export function TranslationView({ result, targetLanguage }: { result: TranslationResult; targetLanguage: string }) {
  const { t, i18n } = useTranslation("images");
  const source =
    languageName(result.sourceLanguage, i18n.language) ?? (result.sourceLanguage === "und" ? t("translate.unknownLanguage") : result.sourceLanguage);
  const target = languageName(targetLanguage, i18n.language) ?? targetLanguage;
  return (
    <div className="flex flex-col gap-3">
      {result.demo && (
        <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("translate.demoNote")}
        </p>
      )}
      <p className="text-sm font-medium" data-testid="source-language" suppressHydrationWarning>
        {t("translate.detected", { language: source })}
      </p>
      {result.blocks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("translate.noText")}</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="w-1/2 border-b px-2 py-1.5 font-medium">
                {t("translate.original")}
              </th>
              <th scope="col" className="w-1/2 border-b px-2 py-1.5 font-medium" suppressHydrationWarning>
                {t("translate.translation", { language: target })}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.blocks.map((block, index) => (
              <tr key={index} className="align-top">
                <td className="border-b px-2 py-2">
                  <p className="whitespace-pre-wrap break-words" lang={result.sourceLanguage === "und" ? undefined : result.sourceLanguage}>
                    {block.text}
                  </p>
                  <CopyButton text={block.text} label={t("translate.copyOriginal")} />
                </td>
                <td className="border-b px-2 py-2">
                  <p className="whitespace-pre-wrap break-words" lang={targetLanguage}>
                    {block.translation}
                  </p>
                  <CopyButton text={block.translation} label={t("translate.copyTranslation")} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
