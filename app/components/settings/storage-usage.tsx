import { useTranslation } from "react-i18next";
import { formatBytes } from "~/lib/bytes";

/** The kinds of stored bytes, in the order the server lists them (app/.server/account/usage.ts). */
type StorageKind = "photos" | "creations" | "documents" | "voiceNotes" | "readAloud" | "importedChats";

/** Settings › Account: what the account keeps, by kind and in total, against its plan's quota (decision 0013). */
export function StorageUsage({ usedBytes, quotaBytes, byKind }: { usedBytes: number; quotaBytes: number; byKind: Record<StorageKind, number> }) {
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
      <ul className="flex flex-col gap-0.5 text-sm text-muted-foreground" data-testid="storage-by-kind" aria-label={t("account.storage.byKind")}>
        {(Object.keys(byKind) as StorageKind[]).map((kind) => (
          <li key={kind}>{t(`account.storage.kinds.${kind}`, { size: formatBytes(byKind[kind], i18n.language) })}</li>
        ))}
      </ul>
    </div>
  );
}
