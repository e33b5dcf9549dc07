// The sending half's client for Meta's Graph API (PROVIDERS.md "WhatsApp Cloud API"): text and image messages,
// the read receipt with a typing indicator, and media in both directions. Failures that may pass (network, time-out,
// 429, 5xx) are retried with backoff a bounded number of times; the caller records what still fails.
import { readCappedBody } from "../http/request";
import type { WhatsAppConfig } from "./config";

/**
 * Where Meta serves the media a user sent (the media lookup's short-lived `url`; docs/decisions/0025-voice.md,
 * "WhatsApp"). A download goes only there over HTTPS, or to the configured Graph base URL's own origin (a local fake
 * serves its media from itself), so a lookup answer can never send the access token or our request anywhere else.
 */
const META_MEDIA_HOSTS = new Set(["lookaside.fbsbx.com"]);

/** Whether a media lookup's `url` may be fetched (with the token): see META_MEDIA_HOSTS. */
export function mediaUrlAllowed(url: string, graphUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.origin === new URL(graphUrl).origin) return true;
  return parsed.protocol === "https:" && META_MEDIA_HOSTS.has(parsed.hostname);
}

export class GraphError extends Error {
  override name = "GraphError";
  constructor(
    message: string,
    /** HTTP status, or 0 when no answer came (network, time-out). */
    readonly status: number,
    /** Graph's error code (e.g. 131047 "re-engagement message"), when it gave one. */
    readonly graphCode: number | null,
  ) {
    super(message);
  }

  get retryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }

  /** A short code for the failures table: "graph/<status>[/<graph code>]". */
  get code() {
    return `graph/${this.status}${this.graphCode === null ? "" : `/${this.graphCode}`}`;
  }
}

export interface GraphOptions {
  /** Attempts per call, the first included. */
  attempts?: number;
  /** The first retry waits this long; each next one twice as long. */
  backoffMs?: number;
  timeoutMs?: number;
}

const DEFAULTS: Required<GraphOptions> = { attempts: 4, backoffMs: 300, timeoutMs: 15_000 };

export type GraphClient = ReturnType<typeof graphClient>;

export function graphClient(config: WhatsAppConfig, options: GraphOptions = {}) {
  const { attempts, backoffMs, timeoutMs } = { ...DEFAULTS, ...options };
  const { graphUrl, accessToken, phoneNumberId } = config;
  if (!accessToken || !phoneNumberId) throw new Error("WhatsApp sending is not configured (WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID)");
  const auth = { Authorization: `Bearer ${accessToken}` };

  async function once(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new GraphError(`Graph API unreachable: ${error instanceof Error ? error.message : String(error)}`, 0, null);
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => null)) as { error?: { message?: string; code?: number } } | null;
    throw new GraphError(body?.error?.message ?? `Graph API answered ${response.status}`, response.status, body?.error?.code ?? null);
  }

  async function call(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(url, init);
      } catch (error) {
        if (!(error instanceof GraphError) || !error.retryable || attempt >= attempts) throw error;
        // Jitter spreads the retries of many replies failing together.
        const wait = backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function sendMessage(payload: Record<string, unknown>): Promise<string> {
    const response = await call(`${graphUrl}/${phoneNumberId}/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", ...payload }),
    });
    const body = (await response.json()) as { messages?: { id?: string }[] };
    const id = body.messages?.[0]?.id;
    if (!id) throw new GraphError("Graph API answered without a message id", response.status, null);
    return id;
  }

  return {
    sendText: (to: string, body: string) => sendMessage({ to, type: "text", text: { preview_url: false, body } }),

    sendImage: (to: string, mediaId: string, caption?: string) => sendMessage({ to, type: "image", image: { id: mediaId, ...(caption ? { caption } : {}) } }),

    /**
     * An approved template (the only message Meta allows outside the 24-hour window), its body's one parameter filled.
     * The template's language must be one it was approved in.
     */
    sendTemplate: (to: string, name: string, language: string, text: string) =>
      sendMessage({
        to,
        type: "template",
        template: { name, language: { code: language }, components: [{ type: "body", parameters: [{ type: "text", text }] }] },
      }),

    /** A voice note: an Ogg/Opus file uploaded with uploadMedia. */
    sendAudio: (to: string, mediaId: string) => sendMessage({ to, type: "audio", audio: { id: mediaId } }),

    /** Blue ticks and "typing…" (dismissed by the reply, or by WhatsApp after 25 s). One attempt: it is a courtesy. */
    async markRead(messageId: string): Promise<void> {
      const response = await once(`${graphUrl}/${phoneNumberId}/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ messaging_product: "whatsapp", status: "read", message_id: messageId, typing_indicator: { type: "text" } }),
      });
      await response.body?.cancel();
    },

    /**
     * Media a user sent: its metadata first (the URL is short-lived), then the bytes, both with the token. The URL
     * must be one mediaUrlAllowed accepts, and the bytes are counted as they arrive, cancelled past `maxBytes`.
     */
    async downloadMedia(mediaId: string, maxBytes: number): Promise<{ bytes: Uint8Array; mimeType: string }> {
      const meta = (await (await call(`${graphUrl}/${encodeURIComponent(mediaId)}`, { method: "GET" })).json()) as {
        url?: string;
        mime_type?: string;
        file_size?: number;
      };
      if (!meta.url) throw new GraphError("Graph API media without a URL", 200, null);
      if (!mediaUrlAllowed(meta.url, graphUrl)) throw new GraphError("Graph API media URL on a host it does not serve media from", 200, null);
      if (typeof meta.file_size === "number" && meta.file_size > maxBytes) throw new MediaTooLarge();
      const response = await call(meta.url, { method: "GET" });
      const bytes = await readCappedBody(response, maxBytes, () => new MediaTooLarge());
      return { bytes, mimeType: meta.mime_type ?? response.headers.get("Content-Type") ?? "application/octet-stream" };
    },

    /** Uploads an image or a voice note for sending; WhatsApp keeps it 30 days. */
    async uploadMedia(bytes: Uint8Array, mimeType: string, fileName: string): Promise<string> {
      const form = new FormData();
      form.set("messaging_product", "whatsapp");
      form.set("type", mimeType);
      form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], fileName, { type: mimeType }));
      const response = await call(`${graphUrl}/${phoneNumberId}/media`, { method: "POST", body: form });
      const body = (await response.json()) as { id?: string };
      if (!body.id) throw new GraphError("Graph API media upload without an id", response.status, null);
      return body.id;
    },
  };
}

export class MediaTooLarge extends Error {
  override name = "MediaTooLarge";
}
