import { AppError } from "~/.server/errors";
import { routeStrings } from "~/lib/i18n";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { inAccount } from "~/.server/account/client";
import { pageAction } from "~/.server/http/auth";
import { readForm } from "~/.server/http/request";
import { readUnsubscribeToken } from "~/.server/schedules/deliver";
import { setPaused } from "~/.server/schedules/schedules";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";

export const handle = routeStrings("schedules");

export const meta: MetaFunction = () => [{ title: "Schedules" }, { name: "robots", content: "noindex" }];

/**
 * A schedule e-mail's "Pause this schedule" link (docs/decisions/0045-schedules.md): GET only asks, so a mail
 * scanner that opens every link pauses nothing; the page's button POSTs the same signed token and pauses it. The token
 * is signed for this purpose alone and names the account and the schedule; no session is needed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const target = await readUnsubscribeToken(context.env, token);
  const schedule = target ? await inAccount(context.env, target.accountId, "schedules.get", { id: target.scheduleId }).catch(() => null) : null;
  return { token: schedule ? token : null, name: schedule?.name ?? null };
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const target = await readUnsubscribeToken(context.env, String(form.get("token") ?? ""));
  if (!target) throw new AppError("auth/invalid-action-code");
  await setPaused(context.env, target.accountId, target.scheduleId, true);
  return { paused: true };
});

export default function UnsubscribeSchedule() {
  const { t } = useTranslation("schedules");
  const data = useLoaderData<typeof loader>();
  const done = useActionData<{ paused?: boolean }>();
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-4 px-4 py-8">
      {!data.token || done?.paused === false ? (
        <p role="alert">{t("unsubscribe.invalid")}</p>
      ) : done?.paused ? (
        <p role="status">{t("unsubscribe.done", { name: data.name })}</p>
      ) : (
        <>
          <h1 className="text-xl font-semibold">{t("unsubscribe.title")}</h1>
          <p>{t("unsubscribe.body", { name: data.name })}</p>
          <Form method="post">
            <input type="hidden" name="token" value={data.token} />
            <Button type="submit" variant="primary" size="md">
              {t("unsubscribe.confirm")}
            </Button>
          </Form>
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
