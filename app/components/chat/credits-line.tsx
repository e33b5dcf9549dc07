import { useTranslation } from "react-i18next";
import { CREDIT_COSTS, type CreditAction } from "~/lib/constants";
import { useCredits } from "./use-credits";

/** Balance, the cost of the next action and the refill time, visible before the user acts. */
export function CreditsLine({ action }: { action: CreditAction }) {
  const { t, i18n } = useTranslation("chat");
  const state = useCredits();
  if (state.status === "error") return <p className="text-xs text-danger">{t("errors:credits/fetch-failed")}</p>;
  if (state.status !== "ready") return <p className="text-xs text-muted-foreground">&nbsp;</p>;
  const { credits } = state;
  const cost = CREDIT_COSTS[action];
  const refill = new Intl.DateTimeFormat(i18n.language, { hour: "2-digit", minute: "2-digit" }).format(new Date(credits.resetsAt));
  return (
    <p className="text-xs text-muted-foreground" data-testid="credits">
      {credits.limit === null ? t("credits.unlimited", { cost }) : t("credits.balance", { remaining: credits.remaining, limit: credits.limit, cost, refill })}
    </p>
  );
}
