import { useTranslation } from "react-i18next";
import type { RetroTimelineView } from "~/.server/horoscope/chart-view";
import { TitledSection } from "~/components/ui/titled-section";

/** Each planet's retrograde periods in the coming six months: the dates as text, with bars on a shared scale. */
export function RetroTimeline({ timeline }: { timeline: RetroTimelineView }) {
  const { t } = useTranslation("horoscope");
  return (
    <TitledSection id="retro-title" title={t("chart.retroTitle")} className="flex flex-col gap-2 rounded-xl border p-4 text-sm">
      <p className="text-xs text-muted-foreground">{t("chart.retroRange", { from: timeline.from, to: timeline.to })}</p>
      {timeline.planets.length === 0 ? (
        <p>{t("chart.noRetroPeriods")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="retro-timeline">
          {timeline.planets.map((row) => (
            <li key={row.planet} className="flex flex-col gap-1">
              <span>
                <span className="font-medium">{row.planet}</span> · {row.periods.map((period) => period.text).join("; ")}
              </span>
              <span aria-hidden className="relative block h-2 rounded-full bg-muted">
                {row.periods.map((period) => (
                  <span
                    key={period.text}
                    className={`absolute inset-y-0 rounded-full bg-primary ${period.open ? "rounded-r-none" : ""}`}
                    style={{ left: `${period.left}%`, width: `${period.width}%` }}
                  />
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
