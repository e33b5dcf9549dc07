// The account's push subscriptions and notification switches (decision 0042), run inside its object
// (decision 0026) by name through inAccount. Drizzle over the object's SQLite is synchronous here.
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { NOTIFICATION_SWITCHES, type NotificationSwitch } from "../../lib/schemas/notifications";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { now } from "../clock";

const { pushSubscriptions, notificationSwitches } = accountSchema;

/** At most this many devices per account: a new one replaces the one added longest ago. */
export const PUSH_DEVICES_MAX = 20;

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDevice {
  id: string;
  label: string;
  createdAt: number;
  lastSuccessAt: number | null;
}

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

export function subscriptionsOf(db: AccountDb): StoredSubscription[] {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .all();
}

export function switchesOf(db: AccountDb): Record<NotificationSwitch, boolean> {
  const rows = db.select().from(notificationSwitches).all();
  const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.kind));
  return Object.fromEntries(NOTIFICATION_SWITCHES.map((kind) => [kind, !off.has(kind)])) as Record<NotificationSwitch, boolean>;
}

/** Saves a browser's subscription (already checked by the route); the same endpoint again refreshes its keys. */
function subscribe({ db }: AccountContext, input: NewSubscription): { id: string } {
  return db.transaction((tx) => {
    const [existing] = tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)).all();
    if (existing) {
      tx.update(pushSubscriptions).set({ p256dh: input.p256dh, auth: input.auth, label: input.label }).where(eq(pushSubscriptions.id, existing.id)).run();
      return { id: existing.id };
    }
    const [{ devices } = { devices: 0 }] = tx.select({ devices: count() }).from(pushSubscriptions).all();
    if (devices >= PUSH_DEVICES_MAX) {
      const oldest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
        .limit(devices - PUSH_DEVICES_MAX + 1)
        .all();
      tx.delete(pushSubscriptions)
        .where(
          inArray(
            pushSubscriptions.id,
            oldest.map((row) => row.id),
          ),
        )
        .run();
    }
    const id = crypto.randomUUID();
    tx.insert(pushSubscriptions)
      .values({ id, ...input, createdAt: now() })
      .run();
    return { id };
  });
}

function devices({ db }: AccountContext): PushDevice[] {
  return db
    .select({
      id: pushSubscriptions.id,
      label: pushSubscriptions.label,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .all();
}

export function removeSubscriptions(db: AccountDb, ids: string[]): number {
  if (ids.length === 0) return 0;
  return db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids)).returning({ id: pushSubscriptions.id }).all().length;
}

export function markDelivered(db: AccountDb, ids: string[], at: number) {
  if (ids.length > 0) db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(inArray(pushSubscriptions.id, ids)).run();
}

export const subscriptionOperations = {
  "notifications.page": (account: AccountContext) => ({ devices: devices(account), switches: switchesOf(account.db) }),
  /** "Download my data"'s notifications.json: each device's name, push service and dates (never its keys), and the switches. */
  "notifications.export": ({ db }: AccountContext) => ({
    devices: db
      .select()
      .from(pushSubscriptions)
      .orderBy(asc(pushSubscriptions.createdAt))
      .all()
      .map((row) => ({
        device: row.label,
        pushService: new URL(row.endpoint).origin,
        addedAt: new Date(row.createdAt).toISOString(),
        lastDeliveredAt: row.lastSuccessAt === null ? null : new Date(row.lastSuccessAt).toISOString(),
      })),
    switches: switchesOf(db),
  }),
  "notifications.subscribe": subscribe,
  /** false when the account has no such device. */
  "notifications.remove": ({ db }: AccountContext, id: string) => removeSubscriptions(db, [id]) > 0,
  "notifications.switch": ({ db }: AccountContext, input: { kind: NotificationSwitch; enabled: boolean }) => {
    const set = { enabled: input.enabled, updatedAt: now() };
    db.insert(notificationSwitches)
      .values({ kind: input.kind, ...set })
      .onConflictDoUpdate({ target: notificationSwitches.kind, set })
      .run();
  },
};
