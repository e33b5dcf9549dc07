import { routeStrings, STRINGS_MARKER } from "~/lib/i18n";
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { availableModels } from "~/.server/ai/providers";
import { loadToolThread } from "~/.server/chat/tool-screen";
import { skyNow } from "~/.server/horoscope/astronomy";
import { skyView } from "~/.server/horoscope/reading";
import { horoscopeScreenExtras } from "~/.server/horoscope/screen";
import { getLocale } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { CreditsLine } from "~/components/chat/credits-line";
import { ModelPicker } from "~/components/chat/model-picker";
import type { ChatTool } from "~/components/chat/use-chat";
import { ScheduleThisLink } from "~/components/schedules/schedule-this";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { BirthChartPanel } from "~/components/horoscope/birth-chart-panel";
import { HoroscopeForm } from "~/components/horoscope/horoscope-form";
import { MoonPhaseDiagram } from "~/components/horoscope/moon-phase-diagram";
import { RetroTimeline } from "~/components/horoscope/retro-timeline";
import { SkyPanel } from "~/components/horoscope/sky-panel";
import { ToolIcon } from "~/components/layout/tool-icon";
import { ToolNote } from "~/components/tools/tool-form-parts";
import { ToolThread } from "~/components/tools/tool-thread";
import { PageHeader } from "~/components/ui/page-header";
import { useToolModel } from "~/lib/chat-prefs";
import { chooseModel, providerNameFor } from "~/lib/models";
import { isHoroscopeType } from "~/lib/horoscope-options";
import { titleMeta } from "~/lib/meta";
import { SHOWS_ANSWERS } from "~/components/chat/markdown";

export const handle = { ...SHOWS_ANSWERS, ...routeStrings("tools", "horoscope") };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const type = params.pathId;
  // docs/product.md §5: an unknown type goes back to the type choice, which says "Please select a horoscope type."
  if (!isHoroscopeType(type)) throw redirect(`/horoscope?type=${encodeURIComponent(type ?? "")}`);
  const locale = getLocale(request);
  const viewer = await getViewer(request, context);
  const [screen, title, extras] = await Promise.all([
    loadToolThread(request, context, { tool: "horoscope", toolPath: type, threadId: params.threadId }),
    pageTitle(request, "tools", `horoscope.types.${type}.title`),
    horoscopeScreenExtras(context.env, viewer.accountId, type, locale),
  ]);
  const models = availableModels(context.env)
    .filter((model) => model.id !== "gpt-4.1")
    .map(({ id, tier, vision, reasoning }) => ({ id, tier, vision, reasoning }));
  return {
    ...screen,
    ...extras,
    type,
    models,
    signedIn: viewer.kind === "user",
    sky: skyView(skyNow(), locale),
    title: screen.thread?.title ?? title,
  };
}

export const meta = titleMeta;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function HoroscopeScreen({ data }: { data: Data }) {
  const { type } = data;
  // The coffee reading's photo field is the image tools' upload field, in their words (decision 0030); the handle
  // cannot name "images" for one type only, so this screen asks for it with its own (one fetch, decision 0019), and
  // marks its HTML so a first visit loads it before hydrating (STRINGS_MARKER, entry.client.tsx).
  const { t } = useTranslation(type === "coffee" ? ["horoscope", "images"] : "horoscope");
  const { t: tt } = useTranslation("tools");
  const [choice, setChoice, modelRestored] = useToolModel("horoscope");
  const modelId = chooseModel("horoscope", data.models, choice.modelName).id;
  const tool = useMemo<ChatTool>(() => ({ tool: "horoscope", toolPath: type, threadPath: (id) => `/horoscope/${type}/${id}` }), [type]);

  return (
    <div className="flex flex-1 flex-col" {...(type === "coffee" ? { [STRINGS_MARKER]: "images" } : {})}>
      <PageHeader
        title={tt(`horoscope.types.${type}.title`)}
        description={tt(`horoscope.types.${type}.description`)}
        icon={<ToolIcon tool="horoscope" className="size-5" />}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* The coffee cup needs a fresh photo each time, so it is the one reading a schedule cannot make. */}
            {data.signedIn && type !== "coffee" && (
              <ScheduleThisLink
                kind="sendEveryMorning"
                fields={{ tool: "horoscope", reading: type, name: tt(`horoscope.types.${type}.title`), prompt: tt(`horoscope.types.${type}.title`) }}
              />
            )}
            <Link to="/horoscope" className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm hover:bg-muted">
              <ArrowLeft className="size-4" aria-hidden />
              {tt("horoscope.typesLabel")}
            </Link>
          </div>
        }
      />
      <ToolThread
        screen={data}
        tool={tool}
        model={modelId}
        action="horoscope"
        homePath={`/horoscope/${type}`}
        labels={{ newThread: t("form.newReading"), followUpHint: t("form.followUpHint") }}
        notice={type === "birth-chart" && !data.chart ? <p className="text-sm text-muted-foreground">{t("chart.empty")}</p> : undefined}
        lead={data.chart ? <BirthChartPanel chart={data.chart} signedIn={data.signedIn} /> : null}
        aside={
          <div className="flex flex-col gap-4">
            {data.moon && <MoonPhaseDiagram moon={data.moon} />}
            {data.retro && <RetroTimeline timeline={data.retro} />}
            <SkyPanel sky={data.sky} />
          </div>
        }
        form={(send, busy) => (
          <HoroscopeForm
            type={type}
            birth={data.birth}
            busy={busy}
            onSubmit={send}
            footer={
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <ModelPicker
                    pending={!modelRestored}
                    models={data.models}
                    value={modelId}
                    demoMode={data.demoMode}
                    canUsePro={data.plan === "pro"}
                    onChange={(modelName) => setChoice({ llmName: providerNameFor(modelName), modelName })}
                  />
                </div>
                {data.demoMode && <ToolNote>{t("form.demoNote")}</ToolNote>}
                <CreditsLine action="horoscope" />
              </>
            }
          />
        )}
      />
    </div>
  );
}

export default function HoroscopeRoute() {
  const data = useLoaderData<typeof loader>();
  return <HoroscopeScreen key={`${data.type}:${data.thread?.id ?? "new"}`} data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
