import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { resolveTarget } from "~/.server/ai/providers";
import { loadToolThread } from "~/.server/chat/tool-screen";
import { pageTitle } from "~/.server/page";
import { WEB_SEARCH_MODEL, webSearchModelFor } from "~/.server/search/turn";
import { getViewer } from "~/.server/identity";
import { researchEngineFor } from "~/.server/research/research";
import { DeepResearchForm } from "~/components/research/deep-research-form";
import { ResearchProgress } from "~/components/research/research-progress";
import { DeepResearchSwitch } from "~/components/research/deep-research-switch";
import { CreditsLine } from "~/components/chat/credits-line";
import type { ChatTool } from "~/components/chat/use-chat";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { SearchForm } from "~/components/search/search-form";
import { ToolScreenHeader } from "~/components/tools/tool-screen";
import { ToolNote } from "~/components/tools/tool-form-parts";
import { ScheduleThisLink } from "~/components/schedules/schedule-this";
import { ToolThread } from "~/components/tools/tool-thread";
import { titleMeta } from "~/lib/meta";
import { openUpgradeDialog } from "~/lib/ui-store";
import { SHOWS_ANSWERS } from "~/components/chat/markdown";
import { Button } from "~/components/ui/button";

export const handle = { ...SHOWS_ANSWERS, ...routeStrings("tools", "search") };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const [screen, title, viewer] = await Promise.all([
    loadToolThread(request, context, { tool: "web-search", threadId: params.threadId }),
    pageTitle(request, "tools", "web-search.title"),
    getViewer(request, context),
  ]);
  // The model this viewer's searches are answered by, and the better one their plan does not get (decision 0008).
  const model = webSearchModelFor(screen.plan);
  return {
    ...screen,
    model,
    proModel: model === WEB_SEARCH_MODEL ? null : WEB_SEARCH_MODEL,
    // OpenAI's web_search tool: with keys for other providers only, searching is not possible here.
    available: resolveTarget(context.env, WEB_SEARCH_MODEL) !== null,
    title: screen.thread?.title ?? title,
    // Deep research (decision 0043): the thread's research came with its screen; whether one may start here.
    researchAvailable: researchEngineFor(context.env) !== null,
    signedIn: viewer.kind === "user",
    // From a chat's "Deep research on this question": the switch on, the question filled in.
    researchQuestion: new URL(request.url).searchParams.get("research")?.slice(0, 500) ?? null,
  };
}

export const meta = titleMeta;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function WebSearchScreen({ data }: { data: Data }) {
  const { t } = useTranslation("search");
  const toolPath = data.thread?.toolPath ?? undefined;
  const tool = useMemo<ChatTool>(() => ({ tool: "web-search", toolPath, threadPath: (id) => `/web-search/${id}` }), [toolPath]);
  const [deep, setDeep] = useState(data.researchQuestion !== null && data.researchAvailable && data.signedIn);
  return (
    <div className="flex flex-1 flex-col">
      <ToolScreenHeader tool="web-search" />
      {data.thread && (
        <div className="flex justify-end px-4 pt-2">
          <ScheduleThisLink kind="followTopic" fields={{ tool: "web-search", prompt: data.thread.title.slice(0, 120), name: data.thread.title.slice(0, 80) }} />
        </div>
      )}
      <ToolThread
        screen={data}
        tool={tool}
        model={data.model}
        action="webSearch"
        homePath="/web-search"
        lead={data.research ? <ResearchProgress key={data.research.id} initial={data.research} /> : undefined}
        labels={{ newThread: t("form.newSearch"), followUpHint: t("form.followUpHint") }}
        form={(send, busy) => (
          <>
            <DeepResearchSwitch on={deep} onChange={setDeep} available={data.researchAvailable} signedIn={data.signedIn} />
            {deep ? (
              <DeepResearchForm demoMode={data.demoMode} initialQuestion={data.researchQuestion ?? ""} />
            ) : (
              <SearchForm
                busy={busy}
                disabled={!data.available}
                onSubmit={send}
                footer={
                  <>
                    {!data.available ? (
                      <ToolNote alert>{t("form.unavailable")}</ToolNote>
                    ) : data.demoMode ? (
                      <ToolNote>{t("form.demoNote")}</ToolNote>
                    ) : (
                      <div className="flex flex-col gap-1 text-xs text-muted-foreground">
                        <p>{t("form.model", { model: data.model })}</p>
                        {data.proModel && (
                          <p>
                            {t("form.proModel", { model: data.proModel })}{" "}
                            <Button type="button" onClick={() => openUpgradeDialog("model")} variant="link" className="font-medium">
                              {t("form.upgrade")}
                            </Button>
                          </p>
                        )}
                      </div>
                    )}
                    <ToolNote icon={ShieldCheck} tone="muted">
                      {t("form.privacy")}
                    </ToolNote>
                    <CreditsLine action="webSearch" />
                  </>
                }
              />
            )}
          </>
        )}
      />
    </div>
  );
}

export default function WebSearchRoute() {
  const data = useLoaderData<typeof loader>();
  // A research that ends mounts the thread again, so its report message (written by the account's object) is shown.
  return <WebSearchScreen key={`${data.thread?.id ?? "new"}:${data.research?.status ?? ""}`} data={data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
