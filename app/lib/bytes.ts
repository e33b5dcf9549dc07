// Sizes as people read them, in the page's language: "12.3 MB", "500 MB", "10 GB" (binary units, as every size limit
// of the app is counted: 10 MB = 10 × 1024 × 1024 bytes).
const MB = 1024 * 1024;

export function formatBytes(bytes: number, locale: string): string {
  const megabytes = bytes / MB;
  if (megabytes >= 1024) return new Intl.NumberFormat(locale, { style: "unit", unit: "gigabyte", maximumFractionDigits: 1 }).format(megabytes / 1024);
  return new Intl.NumberFormat(locale, { style: "unit", unit: "megabyte", maximumFractionDigits: megabytes < 1 ? 2 : 1 }).format(megabytes);
}

/** A file's size: whole kilobytes under a megabyte ("340 kB", a short text file is never "0 MB"), else as formatBytes. */
export function formatFileSize(bytes: number, locale: string): string {
  if (bytes >= MB) return formatBytes(bytes, locale);
  return new Intl.NumberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)));
}
