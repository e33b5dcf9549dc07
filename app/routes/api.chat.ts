import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { postChat } from "~/.server/http/chat";

/**
 * POST a chat turn (of the chat, or of a horoscope or web search thread). The main worker answers this URL itself
 * (workers/app.ts); the route stays so Remix's route table, its method checks and `npm run dev` know it.
 */
export const action = ({ request, context }: ActionFunctionArgs) => postChat(request, context);
