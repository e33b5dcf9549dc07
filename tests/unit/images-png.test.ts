// The Worker-side PNG encoder and the demo provider's pictures: files any decoder accepts (checked here with
// Node's zlib and the upload checker), deterministic for the same request.
import { deflateSync, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderDemoArt, renderDemoLogo, renderDemoTattoo } from "../../app/.server/images/demo-renderer";
import { crc32, decodePng, encodePng } from "../../app/.server/images/png";
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

/** A PNG whose rows use each of the five filters in turn (browsers' encoders pick per row), built by the spec here. */
function pngWithEveryFilter(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const stride = width * 4;
  const raw: number[] = [];
  const paeth = (a: number, b: number, c: number) => {
    const p = a + b - c;
    const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
  };
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    raw.push(filter);
    for (let x = 0; x < stride; x++) {
      const value = pixels[y * stride + x]!;
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= 4 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      raw.push((value - predicted) & 0xff);
    }
  }
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(raw))),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

describe("PNG decoder (Edit image's demo, decision 0029)", () => {
  it("reads back what the encoder wrote, RGB and RGBA, and rows under every filter type", async () => {
    const [width, height] = [13, 11];
    const pixels = new Uint8Array(width * height * 4).map((_, index) => (index * 37 + (index >> 3)) % 256);
    expect((await decodePng(await encodePng(width, height, pixels)))?.pixels).toEqual(pixels);
    const opaque = pixels.map((value, index) => (index % 4 === 3 ? 255 : value));
    expect(await decodePng(await encodePng(width, height, opaque, { alpha: false }))).toEqual({ width, height, pixels: opaque });
    expect((await decodePng(pngWithEveryFilter(width, height, pixels)))?.pixels).toEqual(pixels);
  });

  it("answers null for what it does not read (a palette PNG, a JPEG)", async () => {
    const palette = await encodePng(2, 2, new Uint8Array(16));
    palette[25] = 3; // colour type in IHDR
    expect(await decodePng(palette)).toBeNull();
    expect(await decodePng(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });
});
