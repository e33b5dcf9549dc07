#!/usr/bin/env node
// A local web push service (RFC 8030) for tests and `npm start`, checking what a real one checks: a POST to a
// subscription's endpoint with `Content-Encoding: aes128gcm`, a TTL, and a VAPID Authorization (RFC 8292) whose JWT
// is signed by its `k` key for this service's audience. It keeps each accepted push (201) for the tests to read and
// decrypt with the subscription's keys; an endpoint marked gone answers 410, an unknown path 404. Listens on
// 127.0.0.1 only, plain HTTP: the app sends to it only when PUSH_DEV_SERVICE_ORIGIN names it (never in production),
// and signs for its https: origin, the audience it stands for (app/.server/notifications/push.ts).
//
//   POST /push/<id>          a push (201 accepted, 410 gone, 400/401/403 refused as a push service would)
//   GET  /__pushes?id=<id>   the pushes accepted for that endpoint: [{ id, headers, body (base64url), claims, at }]
//   POST /__gone/<id>        from now on that endpoint answers 410 Gone
//   POST /__reset            forget every push and gone endpoint
//
//   import { startFakePush } from "./fake-push.mjs";
//   const push = await startFakePush();   // { url: "http://127.0.0.1:PORT", close() }
//   node tests/mocks/fake-push.mjs [port]
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { toBase64url, verifyVapid } from "./web-push-crypto.mjs";

/** Push services accept at most 4096 bytes of encrypted payload (RFC 8030 §7.2). */
const BODY_MAX = 4096;

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size <= BODY_MAX + 1) chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

export function startFakePush({ port = 0, host = "127.0.0.1", log = false } = {}) {
  const pushes = [];
  const gone = new Set();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    const answer = (status, body) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body ?? {}));
    };
    try {
      if (request.method === "GET" && url.pathname === "/__pushes")
        return answer(
          200,
          pushes.filter((push) => push.id === url.searchParams.get("id")),
        );
      if (request.method === "POST" && url.pathname.startsWith("/__gone/")) {
        gone.add(url.pathname.slice("/__gone/".length));
        return answer(200, { ok: true });
      }
      if (request.method === "POST" && url.pathname === "/__reset") {
        pushes.length = 0;
        gone.clear();
        return answer(200, { ok: true });
      }
      const match = /^\/push\/([\w-]{1,128})$/.exec(url.pathname);
      if (request.method !== "POST" || !match) return answer(404, { error: "no such subscription" });
      const id = match[1];
      const body = await readBody(request);
      if (log) console.log(`fake-push: POST ${url.pathname} ${body.length} bytes`);
      if (gone.has(id)) return answer(410, { error: "subscription expired" });
      if (body.length > BODY_MAX) return answer(413, { error: "payload too large" });
      if (request.headers["content-encoding"] !== "aes128gcm") return answer(400, { error: "Content-Encoding must be aes128gcm" });
      if (!/^\d+$/.test(String(request.headers.ttl ?? ""))) return answer(400, { error: "TTL header required" });
      let vapid;
      try {
        vapid = await verifyVapid(request.headers.authorization, `https://${url.host}`);
      } catch (error) {
        return answer(403, { error: error.message });
      }
      pushes.push({
        id,
        headers: { ttl: request.headers.ttl, urgency: request.headers.urgency ?? null, "content-encoding": "aes128gcm" },
        body: toBase64url(body),
        claims: vapid.claims,
        vapidKey: vapid.publicKey,
        at: Date.now(),
      });
      response.writeHead(201, { Location: `${url.origin}/message/${pushes.length}` });
      response.end();
    } catch (error) {
      answer(500, { error: String(error) });
    }
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ url: `http://${host}:${address.port}`, pushes, close: () => new Promise((done) => server.close(() => done(undefined))) });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const fake = await startFakePush({ port: Number(process.argv[2] ?? 8791), log: true });
  console.log(`fake push service on ${fake.url}`);
}
