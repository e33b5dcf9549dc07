// A schedule proposed in words (docs/decisions/0045-schedules.md, "Made in words"), shown under the answer to a
// request such as "remind me every weekday at 8 to stretch". Nothing is scheduled until "Create schedule" is pressed;
// it posts the /schedules form's fields to the same route, and its field errors or limit show on the card. "Edit"
// opens /schedules with the form filled in.
// Its strings are the `schedules` namespace, which the chat screen does not load (decision 0044): the card waits for
// them inside its own Suspense, so the answer above it never does; a page rendered with a card marks it
// (STRINGS_MARKER), so the browser loads them before hydrating.
import { Link } from "@remix-run/react";
import { AlarmClock } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "~/components/ui/button";
import { proposalFields, type ScheduleProposal } from "~/lib/schedule-proposal";
import { useApiAction } from "~/lib/use-api-action";
import { useErrorText } from "~/lib/error-text";
import { STRINGS_MARKER } from "~/lib/i18n";
import { ruleInWords } from "./rule-words";

/** The browser's own zone, as the /schedules form defaults to (not imported from it: the chat would load the whole form). */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function ScheduleProposalCard({ proposal }: { proposal: ScheduleProposal }) {
  return (
    <Suspense fallback={null}>
      <ProposalCard proposal={proposal} />
    </Suspense>
  );
}

function ProposalCard({ proposal }: { proposal: ScheduleProposal }) {
  const { t, i18n } = useTranslation("schedules");
  const action = useApiAction({ refresh: false });
  const errorText = useErrorText();
  const create = () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(proposalFields(proposal, browserTimeZone())))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    void action.submit("/api/schedules", body);
  };
  const result = action.data;
  const fieldErrors = result && !result.ok ? Object.values(result.error.fieldErrors ?? {}) : [];
  const edit = new URLSearchParams({ tool: proposal.tool, prompt: proposal.prompt, repeat: proposal.rule.kind, time: proposal.rule.time });
  if (proposal.reading) edit.set("reading", proposal.reading);
  if (proposal.sign) edit.set("sign", proposal.sign);
  if (proposal.rule.kind === "weekdays") for (const day of proposal.rule.days) edit.append("days", String(day));
  if (proposal.rule.kind === "monthly") edit.set("dayOfMonth", String(proposal.rule.day));
  return (
    <section aria-label={t("proposal.title")} {...{ [STRINGS_MARKER]: "schedules" }} className="flex flex-col gap-2 rounded-xl border p-3 text-sm">
      <h3 className="flex items-center gap-1.5 font-medium">
        <AlarmClock className="size-4" aria-hidden />
        {t("proposal.title")}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t("proposal.when")}</dt>
        <dd>{ruleInWords(t, i18n.language, proposal.rule)}</dd>
        <dt className="text-muted-foreground">{t("proposal.what")}</dt>
        <dd>{proposal.prompt}</dd>
        <dt className="text-muted-foreground">{t("tool")}</dt>
        <dd>{proposal.tool === "horoscope" ? `${t("tools.horoscope")} · ${t("readings.daily")}` : t("tools.chat")}</dd>
      </dl>
      {result?.ok ? (
        <p role="status" className="flex flex-wrap items-center gap-2">
          {t("created")}
          <Link to="/schedules" className="underline">
            {t("title")}
          </Link>
        </p>
      ) : (
        <>
          {result && (
            <ul role="alert" className="text-danger">
              {fieldErrors.length ? (
                fieldErrors.map((message) => <li key={message}>{message}</li>)
              ) : (
                <li>{result.error.message || errorText(result.error.code)}</li>
              )}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="primary" size="sm" onClick={create} disabled={action.state !== "idle"}>
              {t("proposal.create")}
            </Button>
            <Link to={`/schedules?${edit.toString()}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("proposal.edit")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
