// Vitest globalSetup (Node, once per run): the fake WhatsApp Graph API of tests/mocks/fake-graph.mjs on a free
// 127.0.0.1 port, handed to the tests as inject("fakeGraphUrl"). Tests inside workerd read and reset its request
// log over HTTP (GET /__requests, POST /__reset), since they cannot reach the Node object.
import type { TestProject } from "vitest/node";
import { startFakeGraph } from "../mocks/fake-graph.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** e.g. "http://127.0.0.1:41235", used as WHATSAPP_GRAPH_URL */
    fakeGraphUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const fake = await startFakeGraph({ port: 0, accessToken: "test-access-token" });
  project.provide("fakeGraphUrl", fake.url);
  return async () => {
    await fake.close();
  };
}
