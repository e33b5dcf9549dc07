import { i18nServer } from "./i18n";

/** The translated screen title for a route's loader (used for <title>). */
export async function pageTitle(request: Request, namespace: string, key: string): Promise<string> {
  const t = await i18nServer.getFixedT(request, namespace);
  return t(key);
}
