import { useTranslation } from "react-i18next";
import { formatBytes } from "~/lib/bytes";

/** Settings › Account: what the account keeps (uploads and creations) against its plan's quota (decision 0013). */
export function StorageUsage({ usedBytes, quotaBytes }: { usedBytes: number; quotaBytes: number }) {
  const { t, i18n } = useTranslation("settings");
  const used = formatBytes(usedBytes, i18n.language);
  const quota = formatBytes(quotaBytes, i18n.language);
  const percent = Math.min(100, Math.round((usedBytes / quotaBytes) * 100));
  return (
    <div className="flex max-w-md flex-col gap-2">
      <p className="text-sm" data-testid="storage-usage">
        {t("account.storage.used", { used, quota })}
      </p>
      <div
        role="progressbar"
        aria-label={t("account.storage.heading")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={percent >= 90 ? "h-full bg-danger" : "h-full bg-primary"} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
