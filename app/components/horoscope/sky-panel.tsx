import { Moon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SkyView } from "~/.server/horoscope/reading";
import { TitledSection } from "~/components/ui/titled-section";

/** The real sky the reading is built on (computed on the server with astronomy-engine). */
export function SkyPanel({ sky }: { sky: SkyView }) {
  const { t } = useTranslation("horoscope");
  return (
    <TitledSection
      id="sky-title"
      title={
        <>
          <Moon className="size-4 text-primary" aria-hidden />
          {t("facts.title")}
        </>
      }
      className="flex flex-col gap-3 rounded-xl border p-4 text-sm"
      headingClassName="flex items-center gap-2 font-medium"
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t("facts.moonPhase")}</dt>
        <dd>
          <span className="font-medium" data-testid="moon-phase" data-phase={sky.phase.key}>
            {sky.phase.name}
          </span>{" "}
          <span className="text-muted-foreground">· {t("facts.illumination", { value: sky.illumination })}</span>
        </dd>
      </dl>
      <ul className="flex flex-col gap-0.5">
        <li>{t("facts.moonIn", { sign: sky.moonSign })}</li>
        <li>{t("facts.sunIn", { sign: sky.sunSign })}</li>
      </ul>
      <div>
        <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("facts.nextQuarters")}</h3>
        <ul className="flex flex-col gap-0.5">
          {sky.quarters.map((quarter) => (
            <li key={quarter.date}>
              {quarter.name} · <span className="text-muted-foreground">{quarter.date} UTC</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("facts.retrograde")}</h3>
        {sky.retrograde.length === 0 ? (
          <p>{t("facts.noRetrograde")}</p>
        ) : (
          <ul className="flex flex-col gap-0.5" data-testid="retrograde">
            {sky.retrograde.map((entry) => (
              <li key={entry.planet}>
                {entry.planet} · {entry.sign}
                {entry.directOn && <span className="text-muted-foreground"> · {t("facts.directOn", { date: entry.directOn })}</span>}
              </li>
            ))}
          </ul>
        )}
        {sky.nextMercury && <p className="mt-1 text-muted-foreground">{t("facts.nextMercury", { date: sky.nextMercury })}</p>}
      </div>
      <p className="text-xs text-muted-foreground">{t("facts.computedAt", { time: sky.at })}</p>
    </TitledSection>
  );
}
