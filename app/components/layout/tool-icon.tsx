import { Globe, Image, Languages, MessageSquare, PenTool, Sparkles, Stars } from "lucide-react";
import type { ToolKey } from "~/lib/constants";

const ICONS: Record<ToolKey, typeof MessageSquare> = {
  "web-main": MessageSquare,
  "image-generation": Image,
  "photo-translate": Languages,
  "logo-maker": PenTool,
  "tattoo-generator": Sparkles,
  horoscope: Stars,
  "web-search": Globe,
};

export function ToolIcon({ tool, className = "size-4" }: { tool: ToolKey; className?: string }) {
  const Icon = ICONS[tool];
  return <Icon className={className} aria-hidden />;
}
