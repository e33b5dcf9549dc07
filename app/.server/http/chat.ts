// POST /api/chat without a web framework: the main worker mounts it as a route of its own (it is on every answer's way
// to the first token, so it skips Remix's routing), and the Remix route app/routes/api.chat.ts is the same function.
import type { AppContext } from "../context";
import { clientAddress } from "../auth/throttle";
import { SSE_HEADERS } from "../chat/join";
import { ownerHint, verifiedOwner } from "../chat/owner-hint";
import { toolTurnFor } from "../chat/tool-turn";
import { prepareTurn } from "../chat/turns";
import { actingViewer } from "../chat/viewer";
import { AppError } from "../errors";
import { getLocale } from "../i18n";
import { chatRequestSchema } from "../../lib/schemas/chat";
import { readJson } from "./request";
import { apiError } from "./respond";

/** A message of MESSAGE_MAX characters is under 100 KB even as escaped JSON; a tool's few fields add little. */
const CHAT_MAX_BYTES = 256 * 1024;

/**
 * POST a chat turn (of the chat, or of a horoscope or web search thread); the answer streams back as Server-Sent Events from the account's object.
 * Closing this response does not stop the answer: it keeps being generated and saved.
 */
export async function postChat(request: Request, context: AppContext): Promise<Response> {
  try {
    const parsed = chatRequestSchema.safeParse(await readJson(request, { maxBytes: CHAT_MAX_BYTES }));
    if (!parsed.success) throw new AppError("request/invalid");
    const locale = getLocale(request);
    // A horoscope or web search turn: the tool's form is checked and its instructions built here, on the server.
    const tool = toolTurnFor(context.env, parsed.data, { locale });
    const hint = await ownerHint(request);
    const prepared = await prepareTurn(context.env, context.config, parsed.data, { locale, tool, ownerHint: hint?.owner });
    // Who is asking is read once the turn is prepared: for a hinted turn, once its upstream request is on its way.
    const acting = actingViewer(request, context);
    const owner = await verifiedOwner(acting, hint).catch(async (error: unknown) => {
      await prepared.drop();
      throw error;
    });
    // A visitor's turn is also counted on their address, so a new guest cookie is not a new allowance.
    const turn = await prepared.for({ ...owner, address: clientAddress(request) });
    const { setCookie } = await acting;
    const headers = new Headers({ ...SSE_HEADERS, "X-Thread-Id": turn.threadId, "X-Message-Id": turn.messageId });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return new Response(turn.stream, { headers });
  } catch (error) {
    return apiError(request, error);
  }
}
