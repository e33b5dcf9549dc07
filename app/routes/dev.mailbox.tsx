import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { desc } from "drizzle-orm";
import { Mail } from "lucide-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { getDb, schema } from "~/.server/db";
import { isLocalDevelopment } from "~/.server/http/development";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { DevPageHeader } from "~/components/ui/dev-page-header";

export const handle = routeStrings("auth");

export const meta: MetaFunction = () => [{ title: "Mailbox · Nova Assistant" }, { name: "robots", content: "noindex" }];

/** Development only: every email the app "sent", with working links. A 404 anywhere else (http/development.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isLocalDevelopment(request, context.config)) throw new Response("Not Found", { status: 404 });
  const emails = await getDb(context.env).select().from(schema.emailOutbox).orderBy(desc(schema.emailOutbox.createdAt)).limit(50);
  return { emails: emails.map(({ id, toAddress, subject, textBody, status, createdAt }) => ({ id, toAddress, subject, textBody, status, createdAt })) };
}

/** Plain text with its URLs turned into links (the app's own links open in this tab). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} className="break-all text-primary underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function Mailbox() {
  const { t } = useTranslation("auth");
  const { emails } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-6 px-4 py-8">
      <DevPageHeader icon={Mail} title={t("mailbox.title")} description={t("mailbox.description")} />
      {emails.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">{t("mailbox.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {emails.map((email) => (
            <li key={email.id}>
              <article className="rounded-lg border bg-card p-4" aria-label={email.subject}>
                <h2 className="font-medium">{email.subject}</h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted-foreground">
                  <dt>{t("mailbox.to")}</dt>
                  <dd data-testid="mail-to">{email.toAddress}</dd>
                  <dt>{t("mailbox.sent")}</dt>
                  <dd>
                    <time dateTime={new Date(email.createdAt).toISOString()}>{new Date(email.createdAt).toISOString().replace("T", " ").slice(0, 19)} UTC</time>
                  </dd>
                </dl>
                <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">
                  <Linkified text={email.textBody} />
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
