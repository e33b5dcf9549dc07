import { memo } from "react";
import { useTranslation } from "react-i18next";
import { CREDIT_COSTS, type CreditAction } from "~/lib/constants";
import { clockTime } from "~/lib/time";
import { useCredits } from "./use-credits";

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
  // Not Intl: see clockTime. (A new Intl formatter per render was also, earlier, the costliest script while typing.)
  const refill = clockTime(credits.resetsAt, i18n.language);
  return (
    <p className="text-xs text-muted-foreground" data-testid="credits">
      {credits.limit === null ? t("credits.unlimited", { cost }) : t("credits.balance", { remaining: credits.remaining, limit: credits.limit, cost, refill })}
    </p>
  );
});
