import { memo } from "react";
import { useTranslation } from "react-i18next";
import { CREDIT_COSTS, type CreditAction } from "~/lib/constants";
import { useCredits } from "./use-credits";

/**
 * One refill-time formatter per language. Building an Intl.DateTimeFormat is costly (it loads locale data), and the
 * line sits under the composer, which renders on every key press and streamed paint: a new formatter each time was
 * the largest piece of script in the bench's "typing while an answer streams" profile (about 300 ms at 4x CPU).
 */
const refillFormats = new Map<string, Intl.DateTimeFormat>();
function refillFormat(language: string): Intl.DateTimeFormat {
  let format = refillFormats.get(language);
  if (!format) refillFormats.set(language, (format = new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" })));
  return format;
}

/**
 * Balance, the cost of the next action and the refill time, visible before the user acts. Memoised: it changes only
 * with the credits store or the language, never with what the composer around it is doing.
 */
export const CreditsLine = memo(function CreditsLine({ action }: { action: CreditAction }) {
  const { t, i18n } = useTranslation("chat");
  const state = useCredits();
  if (state.status === "error") return <p className="text-xs text-danger">{t("errors:credits/fetch-failed")}</p>;
  if (state.status !== "ready") return <p className="text-xs text-muted-foreground">&nbsp;</p>;
  const { credits } = state;
  const cost = CREDIT_COSTS[action];
  const refill = refillFormat(i18n.language).format(new Date(credits.resetsAt));
  return (
    <p className="text-xs text-muted-foreground" data-testid="credits">
      {credits.limit === null ? t("credits.unlimited", { cost }) : t("credits.balance", { remaining: credits.remaining, limit: credits.limit, cost, refill })}
    </p>
  );
});
