// The demo provider's answer: honest about being a demo, deterministic, and in the user's language.
// The question is quoted as Markdown text, so anything in it (HTML included) is shown, never run.
import type { Locale } from "../../lib/constants";
import type { ModelInfo } from "../../lib/models";
import { resources } from "../i18n";

export function demoReply(question: string, model: ModelInfo, locale: Locale, hasImage: boolean): string {
  const strings = resources[locale].demo;
  const quoted = question
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const parts = [strings.intro, `${strings.youAsked}\n\n${quoted}`];
  if (hasImage) parts.push(strings.image);
  if (model.reasoning) parts.push(strings.reasoning);
  if (/\b(code|function|javascript|typescript|python|kod)\b/i.test(question)) {
    parts.push(`${strings.code}\n\n\`\`\`ts\nfunction greet(name: string): string {\n  return \`Hello, \${name}!\`;\n}\n\`\`\``);
  }
  parts.push(strings.closing);
  return parts.join("\n\n");
}
