// Every queue the app's workers consume is routed by one table (app/.server/queues.ts, decision 0019 "The edge is built
// once"): each queue wrangler.toml declares a consumer for has exactly one entry there, and the development services
// worker (workers/services.wrangler.toml, `npm run dev`) consumes the same queues through the same table, with the
// same bindings, so a WhatsApp message sent while developing is answered as it is when deployed.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { QUEUE_CONSUMERS } from "../../app/.server/queues";
import type { InboxItem } from "../../app/.server/whatsapp/inbox-message";
import services from "../../workers/services";
import mainConfig from "../../wrangler.toml?raw";
import servicesConfig from "../../workers/services.wrangler.toml?raw";
import type { QueueResult } from "./images-helpers";
import { messagePayload, postWebhook, textsTo, uniqueNumber, wamid, whatsappEnv } from "./whatsapp-helpers";

/**
 * The queue names of a wrangler config's consumers, once per declaration: `[[queues.consumers]]` tables (top level and
 * `[[env.<name>.queues.consumers]]`) and inline `queues = { consumers = [...] }` lists such as [env.dev]'s.
 */
function consumedQueues(toml: string): string[] {
  const names: string[] = [];
  let inConsumer = false;
  for (const line of toml.split("\n").map((text) => text.replace(/#.*$/, "").trim())) {
    if (line.startsWith("[")) {
      inConsumer = /^\[\[(env\.[\w-]+\.)?queues\.consumers\]\]$/.test(line);
      continue;
    }
    const inline = /^queues\s*=\s*\{.*consumers\s*=\s*\[(.*)\]/.exec(line);
    if (inline) names.push(...[...inline[1]!.matchAll(/queue\s*=\s*"([^"]+)"/g)].map((match) => match[1]!));
    const queue = /^queue\s*=\s*"([^"]+)"/.exec(line);
    if (inConsumer && queue) names.push(queue[1]!);
  }
  return names;
}

/** The binding names a wrangler config declares at its top level ([env.*] left out). */
function topLevelBindings(toml: string): string[] {
  const names: string[] = [];
  let section: string | null = null;
  for (const line of toml.split("\n").map((text) => text.replace(/#.*$/, "").trim())) {
    if (line.startsWith("[")) {
      section = line.replace(/[[\]]/g, "");
      continue;
    }
    const name = /^(binding|name)\s*=\s*"([^"]+)"/.exec(line);
    if (name && section !== null && !section.startsWith("env.") && section !== "migrations") names.push(name[2]!);
  }
  return names;
}

/**
 * Bindings the app's type marks optional (env.ts AppEnv): a deployment without WhatsApp has no WHATSAPP, and the old
 * rows' move (decision 0026) is started only on the deployed worker.
 */
const OPTIONAL_BINDINGS = ["WHATSAPP", "ACCOUNT_MOVES"];

const sorted = (names: Iterable<string>) => [...names].sort();

describe("queue routing", () => {
  it("gives every queue the deployed worker consumes exactly one consumer in the table", () => {
    const declared = consumedQueues(mainConfig);
    expect(declared).toContain("image-jobs");
    expect(declared).toHaveLength(new Set(declared).size);
    expect(sorted(Object.keys(QUEUE_CONSUMERS))).toEqual(sorted(declared));
  });

  it("has the development services worker consume the same queues as the deployed worker", () => {
    expect(sorted(consumedQueues(servicesConfig))).toEqual(sorted(consumedQueues(mainConfig)));
  });

  it("has the development services worker bind what the deployed worker's consumers and configuration check use", () => {
    const services = new Set(topLevelBindings(servicesConfig));
    const needed = topLevelBindings(mainConfig).filter((name) => !OPTIONAL_BINDINGS.includes(name));
    expect(needed).toContain("DOCUMENT_CHECK");
    expect(needed.filter((name) => !services.has(name))).toEqual([]);
  });

  it("answers a WhatsApp message in development as the deployed worker does", async () => {
    const { env, queued } = whatsappEnv();
    const from = uniqueNumber();
    const response = await postWebhook(env, messagePayload({ from, id: wamid(), text: "Hi there" }));
    expect(response.status).toBe(200);
    const batch = createMessageBatch(
      "whatsapp-inbox",
      queued.map((body: InboxItem, index) => ({ id: `dev-${index}-${crypto.randomUUID()}`, body, timestamp: new Date(), attempts: 1 })),
    );
    const ctx = createExecutionContext();
    await services.queue(batch as MessageBatch<unknown>, env as unknown as Parameters<typeof services.queue>[1]);
    expect(((await getQueueResult(batch, ctx)) as QueueResult).retryMessages).toEqual([]);
    const [reply] = await textsTo(from);
    expect(reply).toContain("https://app.example");
  });

  it("refuses a batch from a queue no consumer is declared for, instead of acknowledging its messages unread", async () => {
    const batch = createMessageBatch("not-a-queue", [{ id: "stray", body: { kind: "anything" }, timestamp: new Date(), attempts: 1 }]);
    const { env } = whatsappEnv();
    await expect(services.queue(batch as MessageBatch<unknown>, env as unknown as Parameters<typeof services.queue>[1])).rejects.toThrow("not-a-queue");
  });
});
