// The worker's method check (app/.server/http/route-methods.ts) remembers each path's methods. What it answers must not
// depend on what it answered before: the same path with another method, a path with an id, a `.data` request, and
// every path again after the memory has been filled with others.
import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { methodCheck } from "../../app/.server/http/route-methods";

const page = { default: () => null };
const routes = {
  root: { id: "root", path: "", module: page },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: page },
  "routes/web-main.$threadId": { id: "routes/web-main.$threadId", parentId: "root", path: "web-main/:threadId", module: { ...page, action: () => null } },
  "routes/api.chat": { id: "routes/api.chat", parentId: "root", path: "api/chat", module: { action: () => null } },
  "routes/api.share": {
    id: "routes/api.share",
    parentId: "root",
    path: "api/share/:id",
    module: { loader: () => null, action: () => null, actionMethods: ["DELETE"] },
  },
} as unknown as ServerBuild["routes"];

const check = methodCheck({ routes } as ServerBuild);
const allowFor = (method: string, path: string) => check(new Request(`https://app.example${path}`, { method }));

describe("the method check", () => {
  it("answers each method of a path on its own, whatever was asked before", () => {
    expect(allowFor("POST", "/api/chat")).toBeNull();
    expect(allowFor("GET", "/api/chat")).toEqual(["POST"]);
    expect(allowFor("POST", "/api/chat")).toBeNull();
    expect(allowFor("PUT", "/web-main/abc")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowFor("GET", "/web-main/abc")).toBeNull();
    expect(allowFor("POST", "/api/share/1")).toEqual(["GET", "HEAD", "DELETE"]);
    expect(allowFor("DELETE", "/api/share/1")).toBeNull();
    expect(allowFor("POST", "/web-main/abc.data")).toBeNull();
    expect(allowFor("DELETE", "/_root.data")).toEqual(["GET", "HEAD"]);
    // No route: left to Remix's 404.
    expect(allowFor("DELETE", "/nowhere/at/all")).toBeNull();
  });

  it("gives the same answers after many other paths, and for paths too long to remember", () => {
    for (let index = 0; index < 1_000; index++) expect(allowFor("PATCH", `/web-main/thread-${index}`)).toEqual(["GET", "HEAD", "POST"]);
    expect(allowFor("GET", "/api/chat")).toEqual(["POST"]);
    expect(allowFor("POST", "/api/chat")).toBeNull();
    const long = `/web-main/${"x".repeat(500)}`;
    expect(allowFor("PUT", long)).toEqual(["GET", "HEAD", "POST"]);
    expect(allowFor("PUT", long)).toEqual(["GET", "HEAD", "POST"]);
  });

  it("hands out a copy, so a caller changing the list cannot change a later answer", () => {
    allowFor("GET", "/api/chat")!.push("GET");
    expect(allowFor("GET", "/api/chat")).toEqual(["POST"]);
  });
});
