import { RemixBrowser } from "@remix-run/react";
import { getInitialNamespaces } from "remix-i18next/client";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { startErrorReporting } from "./lib/error-reporter";
import { captureInstallPrompt } from "./lib/install-prompt";
import { registerServiceWorker } from "./lib/service-worker";
import { enforceAppVersion } from "./lib/storage";
import { i18nConfig, isNamespace, SHELL_NAMESPACES, STRINGS_MARKER, toLocale } from "./lib/i18n";
import { loadStrings, stringsBackend } from "./lib/strings";
import { CONVERSATION_MARKER, loadConversation } from "./components/chat/conversation";
import { loadMarkdownRenderer, MARKDOWN_MARKER } from "./components/chat/markdown";

async function hydrate() {
  // docs/product.md §1: error reporting starts at launch, before anything else can fail.
  startErrorReporting();
  captureInstallPrompt();
  // Production builds only: the development server's modules are not fingerprinted and must never be cached.
  if (import.meta.env.PROD) registerServiceWorker();
  // docs/product.md §4: a different stored app_version clears local storage before anything reads it.
  enforceAppVersion(window.localStorage);
  const locale = toLocale(document.documentElement.lang);
  // Answers rendered as markdown on the server must hydrate with the same renderer (see chat/markdown.tsx).
  const markdown = document.querySelector(`[${MARKDOWN_MARKER}]`) ? loadMarkdownRenderer() : undefined;
  // Likewise a conversation's list and header (see chat/conversation.tsx).
  const conversation = document.querySelector(`[${CONVERSATION_MARKER}]`) ? loadConversation() : undefined;
  // The shell's strings, those the page's routes name in `handle.i18n` (the layout preloads the same files), and those a
  // screen marks in its HTML: hydrating without a string the server rendered would not match it.
  const marked = [...document.querySelectorAll(`[${STRINGS_MARKER}]`)].flatMap((element) => (element.getAttribute(STRINGS_MARKER) ?? "").split(" "));
  const namespaces = [...new Set([...SHELL_NAMESPACES, ...getInitialNamespaces(), ...marked].filter(isNamespace))];
  const strings = await loadStrings(locale, namespaces);
  await Promise.all([markdown, conversation]);
  await i18next
    .use(stringsBackend)
    .use(initReactI18next)
    // Only this language: the browser never needs another's strings as a fallback (both are complete).
    .init({ ...i18nConfig, lng: locale, fallbackLng: false, ns: namespaces, partialBundledLanguages: true, resources: { [locale]: strings } });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
