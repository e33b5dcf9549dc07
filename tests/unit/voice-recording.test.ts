// A recording's length is measured from its audio, never taken from a header (docs/decisions/0025-voice.md
// "Measuring a recording"): WAV from its data over a checked format, Ogg/WebM Opus and MP3 by their frames, anything
// unmeasurable at a 6 kbit/s floor. A forged header never makes a recording cheaper than the honest one.
import { describe, expect, it } from "vitest";
import { audioFormat, recordingSeconds } from "~/.server/voice/recording";
import { silentMp3, silentOggOpus, silentWebmOpus, toneWav } from "../mocks/fake-audio.mjs";

const seconds = (bytes: Uint8Array) => recordingSeconds(bytes, audioFormat(bytes)!, undefined);
/** The code of the AppError `run` throws, or "none". */
function refusal(run: () => unknown): string {
  try {
    run();
    return "none";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** A 16 kHz 16-bit mono WAV of `length` seconds (silence), then `edit` applied to its header. */
function wav(length: number, edit: (view: DataView) => void = () => {}) {
  const bytes = toneWav({ leadSeconds: 0, toneSeconds: 0, tailSeconds: length });
  edit(new DataView(bytes.buffer));
  return bytes;
}
const BYTE_RATE = 28;
const SAMPLE_RATE = 24;
const FORMAT = 20;
const BLOCK_ALIGN = 32;

/** MPEG-2 Layer III frames at 8 kbit/s and 16 kHz: 36 bytes of 576 samples (36 ms) each. */
function lowBitrateMp3(length: number) {
  const frames = Math.ceil(length / 0.036);
  const bytes = new Uint8Array(frames * 36);
  for (let frame = 0; frame < frames; frame++) bytes.set([0xff, 0xf3, 0x18, 0xc0], frame * 36);
  return bytes;
}

describe("a WAV's length", () => {
  it("is its data over its sample rate and block size", () => {
    expect(seconds(wav(130))).toBeCloseTo(130, 1);
  });

  it("refuses a byte rate that disagrees with the format, rather than believing it (a 130 s file claiming 0.006 s)", () => {
    expect(refusal(() => seconds(wav(130, (view) => view.setUint32(BYTE_RATE, 0xffffffff, true))))).toBe("voice/unreadable");
    expect(refusal(() => seconds(wav(130, (view) => view.setUint16(BLOCK_ALIGN, 64, true))))).toBe("voice/unreadable");
  });

  it("refuses sample rates under 8 kHz and formats other than PCM, μ-law and A-law", () => {
    const slow = wav(2, (view) => {
      view.setUint32(SAMPLE_RATE, 50, true);
      view.setUint32(BYTE_RATE, 100, true);
    });
    expect(refusal(() => seconds(slow))).toBe("voice/unreadable");
    expect(refusal(() => seconds(wav(2, (view) => view.setUint16(FORMAT, 0x55, true))))).toBe("voice/unreadable");
    const muLaw = wav(2, (view) => {
      view.setUint16(FORMAT, 7, true);
      view.setUint16(34, 8, true);
      view.setUint16(BLOCK_ALIGN, 1, true);
      view.setUint32(BYTE_RATE, 16_000, true);
    });
    // 8-bit μ-law: the same bytes hold twice the time.
    expect(seconds(muLaw)).toBeCloseTo(4, 1);
  });

  it("counts audio after a data chunk that claims to be short", () => {
    expect(seconds(wav(130, (view) => view.setUint32(40, 1000, true)))).toBeCloseTo(130, 1);
  });
});

describe("an Ogg/Opus file's length", () => {
  it("is its Opus frames, whatever its granule positions claim", () => {
    expect(seconds(silentOggOpus(130))).toBeCloseTo(130, 0);
    expect(seconds(silentOggOpus(720, { forgedGranule: 48_000 }))).toBeGreaterThanOrEqual(720);
  });

  it("is not undercounted at a low bitrate (16 kbit/s, 6 kbit/s) when the header lies", () => {
    expect(seconds(silentOggOpus(130, { packetBytes: 40, forgedGranule: 0 }))).toBeGreaterThanOrEqual(130);
    expect(seconds(silentOggOpus(130, { packetBytes: 15, forgedGranule: 0 }))).toBeGreaterThanOrEqual(130);
  });

  it("charges bytes between pages that are not Ogg at the 6 kbit/s floor", () => {
    const honest = silentOggOpus(10);
    const padded = new Uint8Array(honest.length + 75_000);
    padded.set(honest);
    expect(seconds(padded)).toBeGreaterThanOrEqual(10 + 100);
  });
});

describe("a WebM/Opus recording's length", () => {
  it("is its Opus blocks, not its Info's Duration", () => {
    expect(seconds(silentWebmOpus(130, { packetBytes: 40 }))).toBeCloseTo(130, 0);
    expect(seconds(silentWebmOpus(720, { declaredSeconds: 1 }))).toBeGreaterThanOrEqual(720);
  });
});

describe("an MP3's length", () => {
  it("is its frames, at any bitrate", () => {
    expect(seconds(silentMp3(130))).toBeCloseTo(130, 0);
    expect(seconds(lowBitrateMp3(130))).toBeGreaterThanOrEqual(130);
  });
});

describe("audio that cannot be measured", () => {
  it("is charged at 6 kbit/s: 25 MB of FLAC is far past ten minutes", () => {
    const flac = new Uint8Array(1_000_000);
    flac.set(new TextEncoder().encode("fLaC"));
    expect(seconds(flac)).toBeGreaterThanOrEqual(1_000_000 / 750);
  });
});

/** An ISO BMFF box. */
function box(type: string, ...children: Uint8Array[]): Uint8Array {
  const size = 8 + children.reduce((total, child) => total + child.length, 0);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, size);
  bytes.set(new TextEncoder().encode(type), 4);
  let offset = 8;
  for (const child of children) {
    bytes.set(child, offset);
    offset += child.length;
  }
  return bytes;
}
const u32 = (...values: number[]) => {
  const bytes = new Uint8Array(values.length * 4);
  values.forEach((value, index) => new DataView(bytes.buffer).setUint32(index * 4, value));
  return bytes;
};

/**
 * An AAC-LC M4A as Safari records it (fragmented: a `trun` per fragment) or as a file (`stsz`): `frames` frames of
 * 1,024 samples at `rate` (its AudioSpecificConfig), its sample entry claiming `entryRate`.
 */
function m4a(frames: number, { rate = 48_000, entryRate = rate, fragmented = false }: { rate?: number; entryRate?: number; fragmented?: boolean } = {}) {
  const index = [96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8000].indexOf(rate);
  const config = new Uint8Array([(2 << 3) | (index >> 1), ((index & 1) << 7) | (1 << 3)]);
  const decoderSpecific = new Uint8Array([5, 2, ...config]);
  const decoderConfig = new Uint8Array([4, 13 + decoderSpecific.length, 0x40, 0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...decoderSpecific]);
  const esDescriptor = new Uint8Array([3, 3 + decoderConfig.length, 0, 1, 0, ...decoderConfig]);
  const esds = box("esds", u32(0), esDescriptor);
  const entry = new Uint8Array(28);
  const entryView = new DataView(entry.buffer);
  entryView.setUint16(6, 1);
  entryView.setUint16(16, 1);
  entryView.setUint16(18, 16);
  entryView.setUint32(24, entryRate * 65_536);
  const stsd = box("stsd", u32(0, 1), box("mp4a", entry, esds));
  const table = fragmented ? box("stsz", u32(0, 0, 0)) : box("stsz", u32(0, 0, frames), u32(...Array.from({ length: frames }, () => 6)));
  const moov = box("moov", box("trak", box("mdia", box("minf", box("stbl", stsd, table)))));
  const media = box("mdat", new Uint8Array(frames * 6));
  const fragments = fragmented ? [box("moof", box("traf", box("trun", u32(0, frames)))), media] : [media];
  return box("root", box("ftyp", new TextEncoder().encode("M4A "), u32(0)), moov, ...fragments).subarray(8);
}

describe("an M4A's length", () => {
  it("is its indexed AAC frames, in a file or in fragments", () => {
    expect(seconds(m4a(6094))).toBeCloseTo(130, 0);
    expect(seconds(m4a(6094, { fragmented: true }))).toBeCloseTo(130, 0);
  });

  it("is timed at the decoder's rate, not a faster one the sample entry claims", () => {
    // 130 s of 8 kHz AAC whose sample entry says 96 kHz.
    expect(seconds(m4a(1016, { rate: 8000, entryRate: 96_000 }))).toBeGreaterThanOrEqual(130);
  });
});
