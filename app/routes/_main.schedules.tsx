import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { AlarmClock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { limitsOf, listSchedules, scheduleOwner } from "~/.server/schedules/schedules";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { AccountThingsPage, EmptyNote } from "~/components/sign-in-to-use";
import { ScheduleForm, type ScheduleDraft } from "~/components/schedules/schedule-form";
import { ScheduleRow } from "~/components/schedules/schedule-row";
import { Button } from "~/components/ui/button";
import { routeStrings } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import { SCHEDULE_READINGS, SCHEDULE_TOOLS, type ScheduleTool, type ScheduleView } from "~/lib/schedules";

/** /schedules (docs/decisions/0045-schedules.md): the account's schedules, each with its runs, and a new one. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const title = await pageTitle(request, "schedules", "title");
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") return { title, visitor: true as const, schedules: [] as ScheduleView[], limit: 0 };
  const owner = scheduleOwner(viewer);
  return { title, visitor: false as const, schedules: await listSchedules(context.env, owner), limit: limitsOf(owner.plan).schedules };
}

export const meta = titleMeta;

// The form names the zodiac signs in the horoscope's words: loaded with the page, so opening the form (a click, which
// cannot wait for a namespace: React error 426) or hydrating one a link filled in never waits for them (decision 0019).
export const handle = routeStrings("schedules", "horoscope");

const REPEATS = ["daily", "weekdays", "monthly"] as const;

/** A pre-filled form from a link (the horoscope page's "Send me this every morning", a search's "Follow this topic"). */
function draftOf(params: URLSearchParams): ScheduleDraft | undefined {
  const tool = params.get("tool");
  if (!tool || !SCHEDULE_TOOLS.includes(tool as ScheduleTool)) return undefined;
  const reading = params.get("reading") ?? undefined;
  return {
    tool: tool as ScheduleTool,
    prompt: params.get("prompt")?.slice(0, 2000) ?? undefined,
    name: params.get("name")?.slice(0, 80) ?? undefined,
    reading: reading && (SCHEDULE_READINGS as readonly string[]).includes(reading) ? reading : undefined,
    sign: params.get("sign") ?? undefined,
    // A chat's proposal (schedule-proposal-card.tsx) names its rule; the other links are daily.
    repeat: REPEATS.find((kind) => kind === params.get("repeat")) ?? "daily",
    time: params.get("time") ?? "08:00",
    days: params.has("days")
      ? params
          .getAll("days")
          .map(Number)
          .filter((day) => Number.isInteger(day) && day >= 0 && day <= 6)
      : undefined,
    dayOfMonth: Number(params.get("dayOfMonth")) || undefined,
  };
}

export default function SchedulesRoute() {
  const { t } = useTranslation("schedules");
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const draft = draftOf(params);
  const [open, setOpen] = useState(Boolean(draft));
  const atLimit = data.schedules.length >= data.limit;
  return (
    <AccountThingsPage namespace="schedules" title={t("title")} icon={<AlarmClock className="size-5" aria-hidden />} visitor={data.visitor}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-muted-foreground">
          {atLimit ? t("usageReached", { limit: data.limit }) : t("usage", { used: data.schedules.length, limit: data.limit })}
        </p>
        {!open && (
          <Button type="button" variant="primary" size="md" onClick={() => setOpen(true)} disabled={atLimit}>
            {t("new")}
          </Button>
        )}
      </div>
      {open && <ScheduleForm draft={draft} disabled={atLimit} onDone={() => setOpen(false)} />}
      {data.schedules.length === 0 ? (
        <EmptyNote>{t("empty")}</EmptyNote>
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border">
          {data.schedules.map((schedule) => (
            <ScheduleRow key={schedule.id} schedule={schedule} />
          ))}
        </ul>
      )}
    </AccountThingsPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
