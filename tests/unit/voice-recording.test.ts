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
