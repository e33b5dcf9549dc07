// Shared by the chat integration tests: the app configured for the fake OpenAI-compatible server started by
// fake-upstream.setup.ts, a client that posts chat turns and reads the answer's Server-Sent Events to the end,
// and readers for the saved message (in its account's own object) and the credit balance.
//
// The fake server's URL is known only at run time (a free port), so it is not a wrangler/miniflare binding: each
// test calls the worker's fetch handler with a copy of the real env plus OPENAI_API_KEY, OPENAI_BASE_URL and
// MODEL_OVERRIDES (catalogue id -> fake behaviour). Everything else (D1, the CreditsCounter and ChatRelay
// Durable Objects, the openai SDK inside the relay) is the real thing.
import { eq } from "drizzle-orm";
import { runInDurableObject } from "cloudflare:test";
import { inject } from "vitest";
import type { ErrorBody, ErrorInfo } from "../../app/lib/error-body";
import { getDb } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import { resolveTarget } from "../../app/.server/ai/providers";
import type { TurnStart } from "../../app/.server/chat/turn/types";
import type { TurnRunner, TurnStatus } from "../../app/.server/chat/turn/runner";
import type { Account } from "../../app/.server/account/object";
import type { AccountDb } from "../../app/.server/account/schema";
import type { MemoryNote } from "../../app/lib/memory";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, guestIdOf } from "./auth-helpers";
import { appEnv } from "./helpers";

export { Client, guestIdOf };
export const db = getDb(appEnv);

/** The fast OpenAI model guests and Free users may pick; MODEL_OVERRIDES points it at a fake behaviour. */
export const FAST_MODEL = "gpt-4o-mini";

/**
 * The env the worker sees when OpenAI is configured against the fake server. `upstreamModel` is the fake
 * behaviour FAST_MODEL is mapped to ("normal", "cut?at=3", "429", ... see tests/mocks/fake-openai-replies.mjs).
 */
export function upstreamEnv(upstreamModel: string, vars: Record<string, string> = {}): AppEnv {
  return {
    ...appEnv,
    OPENAI_API_KEY: "sk-fake-integration",
    OPENAI_BASE_URL: inject("fakeUpstreamUrl"),
    MODEL_OVERRIDES: JSON.stringify({ [FAST_MODEL]: upstreamModel }),
    ...vars,
  } as AppEnv;
}

export interface RelayEvent {
  type: "snapshot" | "delta" | "thinking" | "done";
  text?: string;
  thinking?: boolean;
  status?: "complete" | "failed" | "stopped" | "streaming";
  errorCode?: string | null;
  /** What memory did for the answer (decision 0027), on the "done" event. */
  memory?: MemoryNote;
}

/** Reads an SSE body to its end (the relay closes it after the final "done" event) and parses every event. */
export async function readEvents(response: Response): Promise<RelayEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((block) => block.trim())
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice("data: ".length)) as RelayEvent);
}

export interface TurnResult {
  status: number;
  threadId: string | null;
  messageId: string | null;
  /** The SSE events of a started turn (ending with "done"); empty when refused. */
  events: RelayEvent[];
  done: RelayEvent | undefined;
  /** What the reader was given: the opening snapshot (text produced before it joined) plus every delta. */
  streamed: string;
  /** The JSON error body of a refused turn. */
  error?: ErrorInfo;
}

/** The answer as a reader sees it: the snapshot's text, then each delta appended. */
export function seenText(events: RelayEvent[]): string {
  const snapshot = events.find((event) => event.type === "snapshot")?.text ?? "";
  return (
    snapshot +
    events
      .filter((event) => event.type === "delta")
      .map((event) => event.text ?? "")
      .join("")
  );
}

/** POSTs a chat turn and, when it starts, reads its stream until the answer is finished. */
export async function sendTurn(
  client: Client,
  body: { message?: string; requestId?: string; threadId?: string; model?: string; mode?: "send" | "regenerate" | "edit"; attachmentId?: string },
): Promise<TurnResult> {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: body.requestId ?? crypto.randomUUID(), model: body.model ?? FAST_MODEL, mode: body.mode ?? "send", ...body }),
  });
  return turnResult(response);
}

export async function turnResult(response: Response): Promise<TurnResult> {
  const threadId = response.headers.get("X-Thread-Id");
  const messageId = response.headers.get("X-Message-Id");
  if (!response.ok) {
    const json = (await response.json()) as ErrorBody;
    return { status: response.status, threadId, messageId, events: [], done: undefined, streamed: "", error: json.error };
  }
  const events = await readEvents(response);
  return {
    status: response.status,
    threadId,
    messageId,
    events,
    done: events.find((event) => event.type === "done"),
    streamed: seenText(events),
  };
}

/** Joins an answer the way a reloaded page does (GET /api/chat/:id/stream) and reads it to the end. */
export async function joinAnswer(client: Client, messageId: string): Promise<{ status: number; events: RelayEvent[]; error?: { code: string } }> {
  const response = await client.fetch(`/api/chat/${messageId}/stream`);
  if (!response.ok) return { status: response.status, events: [], error: ((await response.json()) as { error: { code: string } }).error };
  return { status: response.status, events: await readEvents(response) };
}

/** A message as stored in its account's own object (decision 0026); undefined when that account has none. */
export async function messageRow(accountId: string, messageId: string) {
  const { chatMessages } = accountSchema;
  return inAccountDb(accountId, (own) => own.select().from(chatMessages).where(eq(chatMessages.id, messageId)).get());
}

/** A thread's messages in its account's own object, oldest first. */
export async function threadMessages(accountId: string, threadId: string) {
  const { chatMessages } = accountSchema;
  return inAccountDb(accountId, (own) => own.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(chatMessages.createdAt).all());
}

/** A thread as stored in its account's own object; undefined when that account has none. */
export async function threadRow(accountId: string, threadId: string) {
  const { chatThreads } = accountSchema;
  return inAccountDb(accountId, (own) => own.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get());
}

type NewThread = Omit<typeof accountSchema.chatThreads.$inferInsert, "ownerId">;
/** A message row to store; its thread is the one it is stored under. */
type NewMessage = Omit<typeof accountSchema.chatMessages.$inferInsert, "threadId"> & { threadId?: string };

/** Stores a thread of `ownerId` with its messages directly in the account's own object (as the app would have). */
export async function storeThread(ownerId: string, thread: NewThread, messages: NewMessage[] = []) {
  await inAccountDb(ownerId, (own) => {
    own
      .insert(accountSchema.chatThreads)
      .values({ ...thread, ownerId })
      .run();
    storeMessagesIn(own, thread.id, messages);
  });
}

/** Adds messages to a thread already in the account's own object. */
export async function storeMessages(ownerId: string, threadId: string, messages: NewMessage[]) {
  await inAccountDb(ownerId, (own) => storeMessagesIn(own, threadId, messages));
}

function storeMessagesIn(own: AccountDb, threadId: string, messages: NewMessage[]) {
  for (const message of messages)
    own
      .insert(accountSchema.chatMessages)
      .values({ ...message, threadId })
      .run();
}

/** Every message of the account (all its threads), oldest first, in its own object. */
export async function accountMessages(accountId: string) {
  const { chatMessages } = accountSchema;
  return inAccountDb(accountId, (own) => own.select().from(chatMessages).orderBy(chatMessages.createdAt).all());
}

/** Every thread of the account, in its own object. */
export async function accountThreads(accountId: string) {
  return inAccountDb(accountId, (own) => own.select().from(accountSchema.chatThreads).all());
}

export interface Credits {
  plan: string;
  used: number;
  limit: number | null;
  remaining: number | null;
  resetsAt: number;
}

export async function credits(client: Client): Promise<Credits> {
  const response = await client.fetch("/api/credits");
  if (!response.ok) throw new Error(`GET /api/credits answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Credits;
}

/** A guest browser talking to the app configured with `upstreamModel` (no cookie until its first chat turn). */
export function guest(upstreamModel = "normal", vars: Record<string, string> = {}): Client {
  return new Client(undefined, upstreamEnv(upstreamModel, vars));
}

/**
 * What beginTurn hands the account's runner for a new web-main thread's first turn (its ids fresh), for tests that
 * drive the relay directly so the order of events is certain.
 */
export function relayStart(env: AppEnv, ownerId: string, question: string): TurnStart {
  const threadId = crypto.randomUUID();
  const messageId = crypto.randomUUID();
  const creditKey = `chat:${crypto.randomUUID()}`;
  return {
    messageId,
    threadId,
    ownerId,
    creditKey,
    target: resolveTarget(env, FAST_MODEL)!,
    turns: [{ role: "user", content: question }],
    reasoning: false,
    writes: {
      threadId,
      now: Date.now(),
      answer: { id: messageId, model: FAST_MODEL, creditKey },
      newThread: { ownerId, tool: "web-main", toolPath: null, title: question, channel: "web" },
      question: { id: crypto.randomUUID(), content: question, attachmentId: null },
    },
  };
}

/** The turns of an account's object instance (inside runInDurableObject), to watch a move happen or shorten a time-out. */
export function runnerOf(instance: unknown): TurnRunner {
  return (instance as { runner: TurnRunner }).runner;
}

/** Launches a composed turn on the account's runner (decision 0009), as a hinted turn's beginTurn does once composed. */
export function launchOn(account: DurableObjectStub<Account>, input: TurnStart): Promise<void> {
  return runInDurableObject(account, (instance) => runnerOf(instance).launch(input));
}

/** What the account's runner holds of an answer now. */
export function turnStatusOn(account: DurableObjectStub<Account>, messageId: string): Promise<{ status: TurnStatus }> {
  return runInDurableObject(account, (instance) => runnerOf(instance).state(messageId));
}

/**
 * Starts an answer from the fake upstream's `behaviour` (e.g. "normal?n=200&ms=40", a long slow one) and reads its
 * first event, so the answer is known to be streaming; answers its message id and the rest of its stream as text.
 */
export async function startStreamingAnswer(client: Client, behaviour: string, message: string) {
  const response = await client.withEnv(upstreamEnv(behaviour)).fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model: FAST_MODEL, message, mode: "send" }),
  });
  if (response.status !== 200) throw new Error(`the answer did not start: ${response.status}`);
  const reader = response.body!.getReader();
  await reader.read();
  const rest = async () => {
    let events = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return events;
      events += new TextDecoder().decode(value);
    }
  };
  return { messageId: response.headers.get("X-Message-Id")!, rest };
}
