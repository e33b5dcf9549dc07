// The operator's endpoints (account moves, WhatsApp's billing pause) take a bearer token from configuration; without
// one configured, or with another, they do not exist (404), so a stranger learns nothing from them.
import { equalSecrets } from "../auth/crypto";

export async function isOperator(request: Request, token: string | null | undefined): Promise<boolean> {
  const given = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
  // Compared as digests, so neither the answer nor its timing tells how long the token is.
  return Boolean(token) && (await equalSecrets(given, token!));
}
