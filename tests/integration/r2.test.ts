// The MEDIA bucket keeps bytes and the content type the gallery serves them with.
import { describe, expect, it } from "vitest";
import { appEnv, uniqueId } from "./helpers";

describe("R2 media bucket", () => {
  it("puts, gets and deletes an object with its content type", async () => {
    const key = `test/${uniqueId("object")}.svg`;
    const body = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

    const put = await appEnv.MEDIA.put(key, body, { httpMetadata: { contentType: "image/svg+xml" } });
    expect(put?.size).toBe(new TextEncoder().encode(body).byteLength);

    const object = await appEnv.MEDIA.get(key);
    expect(object).not.toBeNull();
    expect(object!.httpMetadata?.contentType).toBe("image/svg+xml");
    expect(await object!.text()).toBe(body);

    const head = await appEnv.MEDIA.head(key);
    expect(head?.size).toBe(put?.size);

    await appEnv.MEDIA.delete(key);
    expect(await appEnv.MEDIA.get(key)).toBeNull();
    expect(await appEnv.MEDIA.head(key)).toBeNull();
  });

  it("stores binary bytes unchanged", async () => {
    const key = `test/${uniqueId("binary")}.png`;
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255]);
    await appEnv.MEDIA.put(key, bytes, { httpMetadata: { contentType: "image/png" } });

    const object = await appEnv.MEDIA.get(key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    expect(object!.httpMetadata?.contentType).toBe("image/png");
    await appEnv.MEDIA.delete(key);
  });
});
