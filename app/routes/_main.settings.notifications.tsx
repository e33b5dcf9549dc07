import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/.server/http/auth";
import { notificationsPage } from "~/.server/notifications/settings";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { DeviceList, NotificationSwitches, TurnOnNotifications } from "~/components/settings/notifications-settings";
import { SettingsTab } from "~/components/settings/section";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return notificationsPage(context.env, context.config, viewer.user.id);
}

/** Settings › Notifications (decision 0042): why, "Turn on notifications", the devices, the switches, a test. */
export default function NotificationsTab() {
  const { t } = useTranslation("settings");
  const { publicKey, devices, switches } = useLoaderData<typeof loader>();
  return (
    <SettingsTab title={t("notifications.title")} description={t("notifications.description")} className="flex flex-col gap-6">
      <p className="text-sm">{t("notifications.why")}</p>
      <TurnOnNotifications publicKey={publicKey} />
      <DeviceList devices={devices} />
      <NotificationSwitches switches={switches} />
    </SettingsTab>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
