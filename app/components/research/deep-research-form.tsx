// Deep research's form (decision 0043): the question, the plan the model proposes as list
// items the person edits, removes or adds to, what it costs, and "Start research". Checked with the server's schema.
import { Plus, Telescope, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "@remix-run/react";
import { callApi } from "~/lib/api-client";
import type { ResearchAllowance, ResearchView } from "~/lib/schemas/research";
import { RESEARCH_ITEM_MAX, RESEARCH_PLAN_MAX, RESEARCH_QUESTION_MAX } from "~/lib/research-limits";
import { notify } from "~/lib/toast";
import { Button } from "../ui/button";
import { InputField } from "../ui/field";

function CostLine({ allowance }: { allowance: ResearchAllowance }) {
  const { t, i18n } = useTranslation("search");
  const date = allowance.nextAt ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(allowance.nextAt) : "";
  const key =
    allowance.plan === "pro"
      ? allowance.nextAt
        ? "research.costProUsed"
        : "research.costPro"
      : allowance.nextAt
        ? "research.costFreeUsed"
        : "research.costFree";
  return <p className="text-sm text-muted-foreground">{t(key, { left: allowance.limit - allowance.used, limit: allowance.limit, date })}</p>;
}

export function DeepResearchForm({ demoMode, initialQuestion }: { demoMode: boolean; initialQuestion: string }) {
  const { t } = useTranslation("search");
  const navigate = useNavigate();
  const [question, setQuestion] = useState(initialQuestion);
  const [plan, setPlan] = useState<string[] | null>(null);
  const [allowance, setAllowance] = useState<ResearchAllowance | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const refused = (error: { message: string; fieldErrors?: Record<string, string> }) => {
    if (error.fieldErrors) setErrors(error.fieldErrors);
    else notify("error", error.message || t("form.fixErrors"));
  };

  const propose = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const answer = await callApi<{ plan: string[]; allowance: ResearchAllowance }>("/api/research/plan", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question }),
    });
    setBusy(false);
    if (!answer.ok) return refused(answer.error);
    setPlan(answer.data.plan);
    setAllowance(answer.data.allowance);
  };

  const start = async () => {
    setBusy(true);
    setErrors({});
    const answer = await callApi<{ research: ResearchView }>("/api/research", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question, plan }),
    });
    if (!answer.ok) {
      setBusy(false);
      return refused(answer.error);
    }
    navigate(`/web-search/${answer.data.research.threadId}`);
  };

  const edit = (index: number, value: string) => setPlan((items) => items && items.map((item, at) => (at === index ? value : item)));

  return (
    <form onSubmit={propose} className="flex flex-col gap-4" aria-label={t("research.switch")}>
      <InputField
        label={t("research.question")}
        name="question"
        value={question}
        maxLength={RESEARCH_QUESTION_MAX}
        onValueChange={setQuestion}
        placeholder={t("research.questionPlaceholder")}
        error={errors.question}
        aria-required
      />
      {demoMode && <p className="text-xs text-muted-foreground">{t("research.demoNote")}</p>}
      <Button type="submit" variant={plan ? "secondary" : "primary"} size="md" disabled={busy}>
        <Telescope className="size-4" aria-hidden />
        {busy && !plan ? t("research.planning") : t("research.makePlan")}
      </Button>
      {plan && (
        <section aria-labelledby="research-plan" className="flex flex-col gap-3 border-t pt-4">
          <h2 id="research-plan" className="font-semibold">
            {t("research.planHeading")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("research.planIntro")}</p>
          <ol className="flex flex-col gap-2">
            {plan.map((item, index) => (
              <li key={index} className="flex items-start gap-2">
                <div className="flex-1">
                  <InputField
                    label={t("research.item", { n: index + 1 })}
                    value={item}
                    maxLength={RESEARCH_ITEM_MAX + 50}
                    onValueChange={(value) => edit(index, value)}
                    error={errors[`plan.${index}`]}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-7"
                  aria-label={t("research.remove", { n: index + 1 })}
                  onClick={() => setPlan(plan.filter((_, at) => at !== index))}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </li>
            ))}
          </ol>
          {errors.plan && <p className="text-sm text-danger">{errors.plan}</p>}
          <Button type="button" variant="outline" disabled={plan.length >= RESEARCH_PLAN_MAX} onClick={() => setPlan([...plan, ""])}>
            <Plus className="size-4" aria-hidden />
            {t("research.addItem")}
          </Button>
          {allowance && <CostLine allowance={allowance} />}
          <Button type="button" variant="primary" size="md" disabled={busy} onClick={() => void start()}>
            {busy ? t("research.starting") : t("research.start")}
          </Button>
        </section>
      )}
    </form>
  );
}
