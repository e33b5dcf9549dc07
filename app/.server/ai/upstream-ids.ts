// The upstream id each of the product's models is called with when configuration does not override it
// (its override in configuration, ai/providers.ts): the vendor's current successor, since several of the product's ids
// are retired or retiring. Server-only: the browser needs the product's ids alone (lib/models.ts).
export const DEFAULT_UPSTREAM: Readonly<Record<string, string>> = {
  "gpt-4o-mini": "gpt-4o-mini",
  "gpt-4o": "gpt-4o",
  "o3-mini": "o4-mini",
  "claude-3-5-haiku-latest": "claude-haiku-4-5",
  "claude-3-5-sonnet-latest": "claude-sonnet-4-5",
  "gemini-1.5-pro": "gemini-2.5-pro",
  "gemini-2.0-flash": "gemini-2.5-flash",
  "deepseek-reasoner": "deepseek-v4-pro",
  "deepseek-chat": "deepseek-v4-flash",
  "grok-2-vision-1212": "grok-2-vision-1212",
  "grok-2-vision": "grok-2-vision",
  "gpt-4.1": "gpt-4.1",
};
