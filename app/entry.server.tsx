import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getLocale, resources } from "./.server/i18n";
import { reportServerError } from "./.server/reporting";
import { applyDocumentHeaders } from "./.server/security";
import { loadConversation } from "./components/chat/conversation";
import { loadMarkdownRenderer, showsAnswers } from "./components/chat/markdown";
import { NonceProvider } from "./components/nonce";
import { i18nConfig } from "./lib/i18n";
import { redactedError } from "./lib/redact";

// workers/app.ts takes these from the build (`build.entry.module.workerParts`) instead of importing them, so the
// deployed bundle holds each app module once (decision 0019, "The worker bundles the app once").
export * as workerParts from "virtual:worker-parts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const locale = getLocale(request);
  // Saved answers render as markdown on the server (see components/chat/markdown.tsx): the renderer and the
  // conversation's components (chat/conversation.tsx) are loaded (once per isolate) only for a route that can show
  // them, so other pages do not wait for them.
  const handles = remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle);
  if (showsAnswers(handles)) await Promise.all([loadMarkdownRenderer(), loadConversation()]);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: locale, resources });

  const nonce = loadContext.nonce;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), streamTimeout + 1_000);
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      nonce,
      signal: abort.signal,
      onError(error: unknown) {
        if (!abort.signal.aborted) console.error(redactedError(error));
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timer));
  // Crawlers get the complete document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  applyDocumentHeaders(responseHeaders, nonce, {
    development: loadContext.config.appEnv === "development",
    secure: new URL(request.url).protocol === "https:",
  });
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  // Aborted requests (client went away) are not errors worth reporting.
  if (request.signal.aborted) return;
  reportServerError(context, request, error);
}
