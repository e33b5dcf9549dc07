import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/.server/http/auth";
import { getLocale } from "~/.server/i18n";
import { memoryPage } from "~/.server/memory/settings";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { CustomInstructionsForm, MemorySwitch } from "~/components/settings/memory-instructions";
import { MemoryList } from "~/components/settings/memory-list";
import { SettingsTab } from "~/components/settings/section";
import { TitledSection } from "~/components/ui/titled-section";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return memoryPage(context.env, viewer.user.id, getLocale(request));
}

/** Settings › Memory (decision 0027): the switch, the saved memories, custom instructions, the birth data, and what is kept. */
export default function MemoryTab() {
  const { t } = useTranslation("settings");
  const { settings, memories, birthProfile } = useLoaderData<typeof loader>();
  return (
    <SettingsTab title={t("memory.title")} description={t("memory.description")} className="flex flex-col gap-6">
      <MemorySwitch enabled={settings.enabled} />
      <MemoryList memories={memories} />
      {/* Keyed by the saved text: a save elsewhere (another tab) starts the fields from what is stored. */}
      <CustomInstructionsForm key={`${settings.aboutYou}\u0000${settings.answerStyle}`} aboutYou={settings.aboutYou} answerStyle={settings.answerStyle} />
      <TitledSection id="memory-birth-title" title={t("memory.birthTitle")} level={3} className="flex flex-col gap-2 rounded-lg border p-4">
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
      </TitledSection>
      <TitledSection id="memory-privacy-title" title={t("memory.privacyTitle")} level={3} className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{t("memory.privacy")}</p>
      </TitledSection>
    </SettingsTab>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
