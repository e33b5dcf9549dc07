import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/.server/http/auth";
import { getLocale } from "~/.server/i18n";
import { memoryPage } from "~/.server/memory/settings";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { CustomInstructionsForm, MemorySwitch } from "~/components/settings/memory-instructions";
import { MemoryList } from "~/components/settings/memory-list";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return memoryPage(context.env, viewer.user.id, getLocale(request));
}

/** Settings › Memory (decision 0027): the switch, the saved memories, custom instructions, the birth data, and what is kept. */
export default function MemoryTab() {
  const { t } = useTranslation("settings");
  const { settings, memories, birthProfile } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="settings-tab-title" className="flex flex-col gap-6">
      <div>
        <h2 id="settings-tab-title" className="text-lg font-semibold">
          {t("memory.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("memory.description")}</p>
      </div>
      <MemorySwitch enabled={settings.enabled} />
      <MemoryList memories={memories} />
      {/* Keyed by the saved text: a save elsewhere (another tab) starts the fields from what is stored. */}
      <CustomInstructionsForm key={`${settings.aboutYou}\u0000${settings.answerStyle}`} aboutYou={settings.aboutYou} answerStyle={settings.answerStyle} />
      <section aria-labelledby="memory-birth-title" className="flex flex-col gap-2 rounded-lg border p-4">
        <h3 id="memory-birth-title" className="font-medium">
          {t("memory.birthTitle")}
        </h3>
        <p className="text-sm">
          {birthProfile
            ? t("memory.birthBody", {
                date: birthProfile.birthDate,
                time: birthProfile.birthTime ? t("memory.birthTime", { time: birthProfile.birthTime }) : "",
                place: birthProfile.place,
              })
            : t("memory.birthNone")}
        </p>
        <Link to="/horoscope" className="self-start text-sm text-primary underline">
          {t("memory.birthEdit")}
        </Link>
      </section>
      <section aria-labelledby="memory-privacy-title" className="flex flex-col gap-2">
        <h3 id="memory-privacy-title" className="font-medium">
          {t("memory.privacyTitle")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("memory.privacy")}</p>
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
