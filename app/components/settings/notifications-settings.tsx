// Settings › Notifications (decision 0042): why first, then "Turn on notifications" (the browser asks only
// after that press; on iPhone and iPad outside a Home Screen app, how to get there instead), this account's devices,
// the switches for each kind, and "Send a test notification". Each change goes to /api/notifications.
import { BellRing, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationSwitch } from "~/lib/schemas/notifications";
import { NOTIFICATION_SWITCHES } from "~/lib/schemas/notifications";
import { notify } from "~/lib/toast";
import { useActionFailureToast, useApiAction } from "~/lib/use-api-action";
import { currentSubscription, pushSupport, subscribeThisBrowser, type PushSupport } from "~/lib/web-push";
import { Button } from "~/components/ui/button";
import { SwitchRow } from "~/components/ui/switch-row";
import { TitledSection } from "~/components/ui/titled-section";

/** /api/notifications reads forms (as every page form of the app), not JSON. */
function formOf(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

export interface DeviceRow {
  id: string;
  label: string;
  createdAt: number;
}

export function TurnOnNotifications({ publicKey }: { publicKey: string | null }) {
  const { t } = useTranslation("settings");
  const save = useApiAction();
  const toastFailure = useActionFailureToast();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [problem, setProblem] = useState<"denied" | "failed" | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const found = pushSupport();
    setSupport(found);
    if (found === "supported" && publicKey && Notification.permission === "granted") {
      void currentSubscription(publicKey).then((subscription) => setSubscribed(subscription !== null));
    }
  }, [publicKey]);

  if (!publicKey) return <p className="text-sm text-muted-foreground">{t("notifications.unavailable")}</p>;
  if (support === "unsupported") return <p className="text-sm text-muted-foreground">{t("notifications.unsupported")}</p>;
  if (support === "ios-install") return <p className="rounded-lg border p-4 text-sm">{t("notifications.iosInstall")}</p>;

  const turnOn = async () => {
    setBusy(true);
    setProblem(null);
    const result = await subscribeThisBrowser(publicKey);
    if (!result.ok) {
      setProblem(result.reason);
      setBusy(false);
      return;
    }
    const { endpoint = "", keys = {} } = result.subscription;
    const saved = await save.submit("/api/notifications", formOf({ intent: "subscribe", endpoint, p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" }));
    setBusy(false);
    if (saved.ok) {
      setSubscribed(true);
      notify("success", t("notifications.turnedOn"));
    } else toastFailure(saved);
  };

  return (
    <div className="flex flex-col gap-2">
      {subscribed && <p className="text-sm">{t("notifications.thisDeviceOn")}</p>}
      <Button type="button" variant="primary" size="md" className="self-start" onClick={() => void turnOn()} disabled={busy || support === null}>
        <BellRing className="size-4" aria-hidden />
        {busy ? t("notifications.turningOn") : t("notifications.turnOn")}
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {t(problem === "denied" ? "notifications.denied" : "notifications.failed")}
        </p>
      )}
    </div>
  );
}

function DeviceItem({ device }: { device: DeviceRow }) {
  const { t, i18n } = useTranslation("settings");
  const remove = useApiAction();
  const toastFailure = useActionFailureToast();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(device.createdAt));
  const press = () =>
    void remove.submit("/api/notifications", formOf({ intent: "remove", id: device.id })).then((result) => {
      if (result.ok) notify("success", t("notifications.removed"));
      else toastFailure(result);
    });
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div>
        <p className="text-sm font-medium">{device.label}</p>
        <p className="text-xs text-muted-foreground">{t("notifications.added", { date })}</p>
      </div>
      <Button
        type="button"
        variant="danger-outline"
        onClick={press}
        disabled={remove.state !== "idle"}
        aria-label={t("notifications.removeLabel", { device: device.label })}
      >
        <Trash2 className="size-4" aria-hidden />
        {t("notifications.remove")}
      </Button>
    </li>
  );
}

export function DeviceList({ devices }: { devices: DeviceRow[] }) {
  const { t } = useTranslation("settings");
  const test = useApiAction<{ outcome: { sent: number } }>({ refresh: false });
  const toastFailure = useActionFailureToast();
  const send = () =>
    void test.submit("/api/notifications", formOf({ intent: "test" })).then((result) => {
      if (!result.ok) toastFailure(result);
      else if (result.outcome.sent > 0) notify("success", t("notifications.testSent", { count: result.outcome.sent }));
      else notify("error", t("notifications.testNone"));
    });
  return (
    <TitledSection id="notifications-devices-title" title={t("notifications.devicesTitle")} level={3} className="flex flex-col gap-2">
      {devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("notifications.devicesEmpty")}</p>
      ) : (
        <ul className="divide-y">
          {devices.map((device) => (
            <DeviceItem key={device.id} device={device} />
          ))}
        </ul>
      )}
      <Button type="button" className="self-start" onClick={send} disabled={test.state !== "idle" || devices.length === 0}>
        {t("notifications.test")}
      </Button>
    </TitledSection>
  );
}

export function NotificationSwitches({ switches }: { switches: Record<NotificationSwitch, boolean> }) {
  const { t } = useTranslation("settings");
  return (
    <TitledSection id="notifications-switches-title" title={t("notifications.switchesTitle")} level={3} className="flex flex-col gap-1">
      <ul className="divide-y">
        {NOTIFICATION_SWITCHES.map((kind) => (
          <SwitchRow
            key={kind}
            as="li"
            id={`notification-switch-${kind}`}
            label={t(`notifications.switches.${kind}`)}
            enabled={switches[kind]}
            action="/api/notifications"
            bodyOf={(next) => formOf({ intent: "switch", kind, enabled: String(next) })}
            className="items-center py-2"
            labelClassName="text-sm"
          />
        ))}
      </ul>
    </TitledSection>
  );
}
