import type { AnalyticsEvent } from "../../lib/schemas/analytics";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";

/** Stores one analytics event. Callers run it in waitUntil so it never delays a response. */
export async function recordEvent(env: AppEnv, event: AnalyticsEvent, who: { userId?: string | null; guestId?: string | null }) {
  await getDb(env)
    .insert(schema.analyticsEvents)
    .values({
      name: event.name,
      path: event.path ?? null,
      userId: who.userId ?? null,
      guestId: who.guestId ?? null,
      props: event.props ? JSON.stringify(event.props) : null,
    });
}
