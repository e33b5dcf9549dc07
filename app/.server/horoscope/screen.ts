// What a horoscope page adds to its thread: the saved birth data (prefilled on every form that needs it), the birth
// chart on the birth-chart page, the Moon's phase diagram and the retrograde timeline on theirs.
import type { Locale } from "../../lib/constants";
import type { HoroscopeType } from "../../lib/tools";
import type { AppEnv } from "../env";
import { skyNow } from "./astronomy";
import { getBirthProfile } from "./birth-profile";
import { natalChart } from "./chart";
import { birthChartView, birthDataView, moonView, retroTimelineView } from "./chart-view";

/** The forms that start from the birth data: the chart itself, and those that ask for your sign (the Sun's). */
const USES_BIRTH_DATA: readonly HoroscopeType[] = ["birth-chart", "daily", "love-compatibility", "career-financial"];

export async function horoscopeScreenExtras(env: AppEnv, accountId: string | null, type: HoroscopeType, locale: Locale, now = Date.now()) {
  const profile = USES_BIRTH_DATA.includes(type) ? await getBirthProfile(env, accountId) : null;
  const chart = profile ? natalChart(profile, profile.place) : null;
  return {
    birth: profile && chart ? birthDataView(profile, chart, locale) : null,
    chart: type === "birth-chart" && profile && chart ? birthChartView(profile, locale, chart) : null,
    moon: type === "moon-tracking" ? moonView(skyNow(now), locale) : null,
    retro: type === "retro-tracking" ? retroTimelineView(now, locale) : null,
  };
}
