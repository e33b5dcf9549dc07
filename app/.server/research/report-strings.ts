// The exported report's own words (locales/*/report.json), in the report's language rather than the reader's: a
// report written in Turkish stays Turkish when someone with English settings downloads it.
import { resources } from "../i18n";

export type ReportStrings = (typeof resources)["en"]["report"];

export function reportStrings(language: "en" | "tr"): ReportStrings {
  return resources[language].report;
}

/** "{{name}}" placeholders filled in (the export needs no i18next instance for two numbers). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
