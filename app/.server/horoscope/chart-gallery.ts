// "Save to gallery" for the birth chart: the server draws the wheel again from the stored birth data (the same
// renderer the page shows) and keeps it as the user's creation, SVG in R2 plus a gallery row. Nothing the browser
// sends is stored, so no SVG from outside (which could carry script) ever reaches the gallery (decision 0016).
import type { Locale } from "../../lib/constants";
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { meterWrite } from "../write-limits";
import { mediaUrl } from "../images/jobs";
import { getBirthProfile } from "./birth-profile";
import { CHART_SIZE } from "./chart-svg";
import { birthChartView } from "./chart-view";
import { placeOption } from "./places";
import { fill, horoscopeStrings } from "./words";
import { accountFileKey } from "../account/files";

export async function saveChartToGallery(env: AppEnv, userId: string, locale: Locale): Promise<{ id: string; url: string }> {
  const profile = await getBirthProfile(env, userId);
  if (!profile) throw new AppError("horoscope/no-birth-data");
  await meterWrite(env, "chartSave", userId, "horoscope/rate-limited");
  const view = birthChartView(profile, locale);
  const bytes = new TextEncoder().encode(view.svg);
  const id = crypto.randomUUID();
  const r2Key = accountFileKey("gallery", userId, `${id}.svg`);
  await env.MEDIA.put(r2Key, bytes, { httpMetadata: { contentType: "image/svg+xml" } });
  const prompt = fill(horoscopeStrings[locale].chart.galleryPrompt, { date: profile.birthDate, place: placeOption(profile.place, locale).name });
  try {
    await inAccount(env, userId, "gallery.add", {
      id,
      ownerId: userId,
      // A saved chart has no creation job; its own id keeps the one-entry-per-job rule.
      jobId: id,
      tool: "horoscope",
      prompt,
      model: "vector",
      params: JSON.stringify({ birthDate: profile.birthDate, birthTime: profile.birthTime, placeId: profile.place.id }),
      r2Key,
      contentType: "image/svg+xml",
      width: CHART_SIZE,
      height: CHART_SIZE,
      bytes: bytes.byteLength,
    });
  } catch (error) {
    await env.MEDIA.delete(r2Key).catch(() => undefined);
    throw error;
  }
  return { id, url: mediaUrl(id) };
}
