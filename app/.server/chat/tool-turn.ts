// Which tool a POST /api/chat turn belongs to, and what that tool adds (instructions, question, charge, demo reply).
// The chat itself ("web-main") adds nothing, so its turns are exactly what they were.
import type { Locale } from "../../lib/constants";
import type { ChatRequest } from "../../lib/schemas/chat";
import { fieldErrorsFrom } from "../../lib/schemas/field-errors";
import { horoscopeInputSchema, isHoroscopeType } from "../../lib/schemas/horoscope";
import { isSearchCategory, searchInputSchema } from "../../lib/schemas/search";
import { availableModels, resolveTarget } from "../ai/providers";
import { AppError } from "../errors";
import { fieldMessages } from "../i18n";
import { findPlace } from "../horoscope/places";
import { horoscopeTurn } from "../horoscope/reading";
import { horoscopeStrings } from "../horoscope/words";
import { searchStrings, searchTurn, WEB_SEARCH_MODEL } from "../search/turn";
import type { ToolTurn } from "./turn/types";

export function toolTurnFor(env: Record<string, unknown>, request: ChatRequest, options: { locale: Locale; now?: number }): ToolTurn | undefined {
  const { locale, now } = options;
  // A refused field says its problem in the person's language, as every error body's fieldErrors do (lib/error-body.ts).
  const horoscopeField = (keys: Record<string, string>) => fieldMessages(locale, keys, { tables: horoscopeStrings });
  const searchField = (keys: Record<string, string>) => fieldMessages(locale, keys, { tables: searchStrings });
  switch (request.tool) {
    case "web-main":
      if (request.toolPath || request.input) throw new AppError("request/invalid");
      return undefined;
    case "horoscope": {
      // docs/product.md §5: "Please select a horoscope type."
      const type = request.toolPath ?? request.input?.type;
      if (!isHoroscopeType(type)) throw new AppError("horoscope/type-required");
      if (!request.input) return withVisionFallback(env, horoscopeTurn({ type, locale, seed: request.requestId, now }));
      const parsed = horoscopeInputSchema.safeParse({ ...request.input, type });
      if (!parsed.success) throw new AppError("request/invalid", { fieldErrors: horoscopeField(fieldErrorsFrom(parsed.error, "type")) });
      if (parsed.data.type === "birth-chart" && !findPlace(parsed.data.placeId))
        throw new AppError("horoscope/place-unknown", { fieldErrors: horoscopeField({ placeId: "validation.placeUnknown" }) });
      return withVisionFallback(env, horoscopeTurn({ type, input: parsed.data, locale, seed: request.requestId, now }));
    }
    case "web-search": {
      // The web_search tool is OpenAI's: with keys for other providers only, say so instead of failing upstream.
      if (!resolveTarget(env, WEB_SEARCH_MODEL)) throw new AppError("search/unavailable");
      const category = request.toolPath ?? request.input?.category;
      if (!isSearchCategory(category)) throw new AppError("request/invalid", { fieldErrors: searchField({ category: "validation.categoryRequired" }) });
      if (!request.input) return searchTurn({ category, locale });
      const parsed = searchInputSchema.safeParse({ ...request.input, category });
      if (!parsed.success) throw new AppError("request/invalid", { fieldErrors: searchField(fieldErrorsFrom(parsed.error)) });
      return searchTurn({ category, input: parsed.data, locale });
    }
  }
}

/**
 * The coffee reading looks at the cup's photo: a model that cannot see it gives way to a fast one that can (decision
 * 0030). Every turn of its thread gets that fallback, since a regenerate or edit (no form) answers the photo's question.
 */
function withVisionFallback(env: Record<string, unknown>, turn: ToolTurn): ToolTurn {
  if (turn.toolPath === "coffee") turn.fallbackModel = availableModels(env).find((model) => model.vision && model.tier === "fast")?.id;
  return turn;
}
