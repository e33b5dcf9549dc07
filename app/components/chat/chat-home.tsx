import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SUGGESTION_CATEGORIES } from "~/lib/tools";
import { Composer } from "./composer";
import { Greeting } from "./greeting";

/** The empty chat: greeting, suggestion categories that fill the composer, and the composer. */
export function ChatHome() {
  const { t } = useTranslation("chat");
  const [draft, setDraft] = useState("");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center gap-8 px-4 py-10">
      <div className="text-center">
        <Greeting />
        <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      </div>
      <ul className="flex flex-wrap justify-center gap-2" aria-label={t("suggestionsLabel")}>
        {SUGGESTION_CATEGORIES.map((key) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => setDraft(t(`suggestions.${key}.prompt`))}
              className="rounded-full border px-3 py-1.5 text-sm hover:bg-muted"
            >
              {t(`suggestions.${key}.label`)}
            </button>
          </li>
        ))}
      </ul>
      <Composer value={draft} onChange={setDraft} />
    </div>
  );
}
