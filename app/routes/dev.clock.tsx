import { routeStrings } from "~/lib/i18n";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Clock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { pageAction } from "~/.server/http/auth";
import { inAccount } from "~/.server/account/client";
import { clockOffset, now, setClockOffset } from "~/.server/clock";
import { AppError } from "~/.server/errors";
import { isLocalDevelopment } from "~/.server/http/development";
import { readForm } from "~/.server/http/request";
import { getViewer } from "~/.server/identity";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { DevPageHeader } from "~/components/ui/dev-page-header";
import { Button } from "~/components/ui/button";

export const handle = routeStrings("billing", "auth");

export const meta: MetaFunction = () => [{ title: "Clock · Nova Assistant" }, { name: "robots", content: "noindex" }];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Development only (a 404 anywhere else, see http/development.ts): the billing clock, and a form to move it forward,
 * so a paid period can be seen ending without waiting (docs/decisions/0007-billing.md). The offset lives in the
 * worker's memory; restarting `wrangler dev` puts the clock back to real time.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isLocalDevelopment(request, context.config)) throw new Response("Not Found", { status: 404 });
  return { now: new Date(now()).toISOString(), offsetDays: Math.round((clockOffset() / DAY_MS) * 100) / 100 };
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  // Refused before the body is read, as a 404 with the translated "not found" message.
  if (!isLocalDevelopment(request, context.config)) throw new AppError("request/not-found");
  const form = await readForm(request);
  if (form.get("intent") === "reset") {
    setClockOffset(0);
  } else {
    // The field says 0.01 to 3660 days; anything else is refused like any other invalid form.
    const days = Number(form.get("days"));
    if (!Number.isFinite(days) || days <= 0 || days > 3660) throw new AppError("request/invalid");
    setClockOffset(clockOffset() + days * DAY_MS);
    // The signed-in account's schedules now due on the moved clock run now, not at their real time.
    const viewer = await getViewer(request, context);
    if (viewer.kind === "user") await inAccount(context.env, viewer.accountId, "schedules.wake");
  }
  return redirect("/dev/clock");
});

export default function DevClock() {
  const { t } = useTranslation(["billing", "auth"]);
  const data = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col gap-6 px-4 py-8">
      <DevPageHeader icon={Clock} title={t("devClock.title")} description={t("devClock.description")} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border p-4 text-sm">
        <dt className="text-muted-foreground">{t("devClock.now")}</dt>
        <dd data-testid="clock-now">{data.now.replace("T", " ").slice(0, 19)} UTC</dd>
        <dt className="text-muted-foreground" />
        <dd data-testid="clock-offset">{t("devClock.offset", { days: data.offsetDays })}</dd>
      </dl>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {t("devClock.days")}
          <input name="days" type="number" min="0.01" step="any" defaultValue="8" className="w-32 rounded-md border bg-background px-3 py-2" />
        </label>
        <Button type="submit" variant="primary" size="md">
          {t("devClock.advance")}
        </Button>
        <Button type="submit" name="intent" value="reset" formNoValidate variant="outline" size="md">
          {t("devClock.reset")}
        </Button>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
