// Vitest globalSetup (Node, once per run): the local web push service of tests/mocks/fake-push.mjs on a free
// 127.0.0.1 port, handed to the tests as inject("fakePushUrl"). Tests inside workerd read the pushes it accepted and
// mark endpoints gone over HTTP (GET /__pushes, POST /__gone/<id>).
import type { TestProject } from "vitest/node";
import { startFakePush } from "../mocks/fake-push.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** e.g. "http://127.0.0.1:41236", used as PUSH_DEV_SERVICE_ORIGIN */
    fakePushUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const fake = await startFakePush();
  project.provide("fakePushUrl", fake.url);
  return async () => {
    await fake.close();
  };
}
