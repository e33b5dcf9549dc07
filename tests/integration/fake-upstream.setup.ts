// Vitest globalSetup (runs in Node, once per `vitest run`): starts the fake OpenAI-compatible server of
// tests/mocks/fake-openai.mjs on a free 127.0.0.1 port and hands its base URL to the tests with `provide`.
// Tests inside workerd read it with `inject("fakeUpstreamUrl")` and give it to the app as OPENAI_BASE_URL in the
// env they pass to the worker (tests/integration/chat-helpers.ts), so only the chat tests leave demo mode.
import type { TestProject } from "vitest/node";
import { startFakeOpenAI } from "../mocks/fake-openai.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** e.g. "http://127.0.0.1:41234/v1" */
    fakeUpstreamUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // A 2 ms pace keeps tests quick while still streaming chunk by chunk.
  const fake = await startFakeOpenAI({ port: 0, intervalMs: 2 });
  project.provide("fakeUpstreamUrl", fake.url);
  return async () => {
    await fake.close();
  };
}
