// The Worker-side PNG encoder and the demo provider's pictures: files any decoder accepts (checked here with
// Node's zlib and the upload checker), deterministic for the same request.
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderDemoArt, renderDemoLogo, renderDemoTattoo } from "../../app/.server/images/demo-renderer";
import { crc32, encodePng } from "../../app/.server/images/png";
import { checkImage } from "../../app/.server/images/validate";
import { TATTOO_THEMES, LOGO_STYLES } from "../../app/lib/tools";

/** Splits a PNG into chunks, checking every CRC. */
function chunks(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { type: string; data: Uint8Array }[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    expect(view.getUint32(offset + 8 + length), `CRC of ${type}`).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)));
    out.push({ type, data });
    offset += 12 + length;
  }
  return out;
}

/** Decodes an 8-bit RGB/RGBA PNG whose rows use filter 0 or 1 (what the encoder writes). */
function decode(bytes: Uint8Array) {
  const parts = chunks(bytes);
  const header = new DataView(parts[0]!.data.buffer, parts[0]!.data.byteOffset);
  const width = header.getUint32(0);
  const height = header.getUint32(4);
  const channels = parts[0]!.data[9] === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(parts.filter((part) => part.type === "IDAT").map((part) => part.data)));
  const pixels = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (width * channels + 1)];
    for (let x = 0; x < width * channels; x++) {
      const value = raw[y * (width * channels + 1) + 1 + x]!;
      const left = filter === 1 && x >= channels ? pixels[y * width * channels + x - channels]! : 0;
      pixels[y * width * channels + x] = (value + left) & 0xff;
    }
  }
  return { width, height, channels, pixels, types: parts.map((part) => part.type) };
}

describe("encodePng", () => {
  it("round-trips RGBA and RGB pixels exactly", async () => {
    const width = 7;
    const height = 5;
    const rgba = new Uint8Array(width * height * 4).map((_, index) => (index * 37 + 11) % 256);
    const withAlpha = decode(await encodePng(width, height, rgba));
    expect(withAlpha).toMatchObject({ width, height, channels: 4, types: ["IHDR", "IDAT", "IEND"] });
    expect([...withAlpha.pixels]).toEqual([...rgba]);
    const opaque = decode(await encodePng(width, height, rgba, { alpha: false }));
    expect(opaque.channels).toBe(3);
    expect([...opaque.pixels]).toEqual([...rgba].filter((_, index) => index % 4 !== 3));
  });

  it("refuses sizes that do not match the pixels", async () => {
    await expect(encodePng(2, 2, new Uint8Array(15))).rejects.toThrow(/RGBA/);
    await expect(encodePng(0, 2, new Uint8Array(0))).rejects.toThrow(/positive/);
  });
});

describe("demo pictures", () => {
  it("image generation: a PNG of the asked shape, the same for the same request, different for another", async () => {
    for (const [aspectRatio, width, height] of [
      ["1:1", 640, 640],
      ["3:2", 768, 512],
      ["2:3", 512, 768],
    ] as const) {
      const picture = await renderDemoArt({ prompt: "a city by the sea at night", style: "anime", aspectRatio });
      expect(picture).toMatchObject({ contentType: "image/png", width, height });
      expect(checkImage(picture.bytes, 50 * 1024 * 1024)).toMatchObject({ ok: true, contentType: "image/png", width, height });
    }
    const a = await renderDemoArt({ prompt: "forest", style: "pixel-art", aspectRatio: "1:1" });
    const b = await renderDemoArt({ prompt: "forest", style: "pixel-art", aspectRatio: "1:1" });
    const c = await renderDemoArt({ prompt: "desert", style: "pixel-art", aspectRatio: "1:1" });
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
  });

  it("logos and tattoos: transparent PNGs for every style and theme", async () => {
    for (const style of LOGO_STYLES) {
      const logo = await renderDemoLogo({ brandName: "Çay Bahçesi", slogan: "Taze demlenmiş", style });
      const decoded = decode(logo.bytes);
      expect(decoded.channels).toBe(4);
      // Transparent corners, ink somewhere.
      expect(decoded.pixels[3]).toBe(0);
      expect(decoded.pixels.some((value, index) => index % 4 === 3 && value === 255)).toBe(true);
    }
    for (const theme of TATTOO_THEMES) {
      const tattoo = await renderDemoTattoo({ theme, description: "small" });
      expect(checkImage(tattoo.bytes, 50 * 1024 * 1024)).toMatchObject({ ok: true, width: 640, height: 640 });
    }
  });
});
