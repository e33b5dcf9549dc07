// Small, valid audio files made in code, for the fakes and the tests (no encoder, no binary fixtures):
//   silentMp3(seconds)    MPEG-1 Layer III frames of silence (what the fake speech endpoint answers for "mp3")
//   silentOggOpus(seconds) an Ogg/Opus voice note of silence (the fake's "opus", the fake Graph API's voice note);
//                          `packetBytes` sets its bitrate, `forgedGranule` writes a lie in every audio page's header
//   silentWebmOpus(seconds) the same Opus frames in WebM (what a browser's MediaRecorder makes)
//   toneWav({ ... })       16-bit PCM WAV: a tone for `toneSeconds`, then silence (Chromium's fake microphone)
// Pure functions over Uint8Array, so the integration tests inside workerd can import them too.

/** 128 kbit/s, 44.1 kHz, mono: 417-byte frames of 1,152 samples whose side information is all zero (silence). */
export function silentMp3(seconds = 1) {
  const frameBytes = 417;
  const frames = Math.max(1, Math.ceil((seconds * 44_100) / 1152));
  const bytes = new Uint8Array(frames * frameBytes);
  for (let frame = 0; frame < frames; frame++) bytes.set([0xff, 0xfb, 0x90, 0xc0], frame * frameBytes);
  return bytes;
}

/** CRC-32 of Ogg pages: polynomial 0x04c11db7, not reflected, initial value 0. */
const OGG_CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let index = 0; index < 256; index++) {
    let value = index << 24;
    for (let bit = 0; bit < 8; bit++) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
    table[index] = value >>> 0;
  }
  return table;
})();

function oggCrc(bytes) {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  return crc;
}

function oggPage({ packets, granule, sequence, flags }) {
  const segments = [];
  for (const packet of packets) {
    let left = packet.length;
    while (left >= 255) {
      segments.push(255);
      left -= 255;
    }
    segments.push(left);
  }
  const body = packets.reduce((size, packet) => size + packet.length, 0);
  const page = new Uint8Array(27 + segments.length + body);
  const view = new DataView(page.buffer);
  page.set([0x4f, 0x67, 0x67, 0x53], 0); // "OggS"
  page[5] = flags;
  view.setBigUint64(6, BigInt(granule), true);
  view.setUint32(14, 0x766f6963, true); // stream serial number
  view.setUint32(18, sequence, true);
  page[26] = segments.length;
  page.set(segments, 27);
  let offset = 27 + segments.length;
  for (const packet of packets) {
    page.set(packet, offset);
    offset += packet.length;
  }
  view.setUint32(22, oggCrc(page), true);
  return page;
}

const ascii = (text) => new TextEncoder().encode(text);

/** A CELT-only, full-band, 20 ms Opus frame of silence (TOC 0xf8), padded to `bytes` (50 a second: 16 kbit/s at 40). */
function opusFrame(bytes = 3) {
  const frame = new Uint8Array(Math.max(3, bytes));
  frame.set([0xf8, 0xff, 0xfe]);
  return frame;
}

/**
 * Mono Opus at 48 kHz: the identification and comment headers, then 20 ms frames of silence, a second per page.
 * `packetBytes` sizes each frame (3: about 1 kbit/s); `forgedGranule`, when given, is written as every audio page's
 * granule position instead of the true one (a header's lie about the length).
 */
export function silentOggOpus(seconds = 1, { packetBytes = 3, forgedGranule } = {}) {
  const head = new Uint8Array(19);
  head.set(ascii("OpusHead"), 0);
  const headView = new DataView(head.buffer);
  head[8] = 1; // version
  head[9] = 1; // channels
  headView.setUint16(10, 312, true); // pre-skip
  headView.setUint32(12, 48_000, true);
  const vendor = ascii("fake-audio");
  const tags = new Uint8Array(8 + 4 + vendor.length + 4);
  tags.set(ascii("OpusTags"), 0);
  new DataView(tags.buffer).setUint32(8, vendor.length, true);
  tags.set(vendor, 12);
  const silence = opusFrame(packetBytes);
  const frames = Math.max(1, Math.round(seconds * 50));
  const pages = [oggPage({ packets: [head], granule: 0, sequence: 0, flags: 0x02 }), oggPage({ packets: [tags], granule: 0, sequence: 1, flags: 0 })];
  for (let start = 0, sequence = 2; start < frames; start += 50, sequence++) {
    const count = Math.min(50, frames - start);
    const last = start + count >= frames;
    pages.push(
      oggPage({
        packets: Array.from({ length: count }, () => silence),
        granule: forgedGranule ?? 312 + (start + count) * 960,
        sequence,
        flags: last ? 0x04 : 0,
      }),
    );
  }
  const size = pages.reduce((total, page) => total + page.length, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const page of pages) {
    bytes.set(page, offset);
    offset += page.length;
  }
  return bytes;
}

/** An EBML element: its id's bytes, its size (8-byte vint, or "unknown" as live recorders write it), its payload. */
function ebml(id, payload, { unknownSize = false } = {}) {
  const size = new Uint8Array(8);
  if (unknownSize) size.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  else {
    new DataView(size.buffer).setBigUint64(0, BigInt(payload.length), false);
    size[0] = 0x01;
  }
  return concat([new Uint8Array(id), size, payload]);
}

function concat(parts) {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * WebM as MediaRecorder writes it: a Segment and Clusters of unknown size, one Opus track, a SimpleBlock per 20 ms
 * frame, a Cluster a second. `declaredSeconds` is the Info's Duration (a header's claim; the frames are the truth).
 */
export function silentWebmOpus(seconds = 1, { packetBytes = 3, declaredSeconds = seconds } = {}) {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], ascii("webm")));
  const duration = new Uint8Array(8);
  new DataView(duration.buffer).setFloat64(0, declaredSeconds * 1000, false);
  const info = ebml([0x15, 0x49, 0xa9, 0x66], concat([ebml([0x2a, 0xd7, 0xb1], new Uint8Array([0x0f, 0x42, 0x40])), ebml([0x44, 0x89], duration)]));
  const entry = ebml([0xae], concat([ebml([0xd7], new Uint8Array([1])), ebml([0x83], new Uint8Array([2])), ebml([0x86], ascii("A_OPUS"))]));
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], entry);
  const frames = Math.max(1, Math.round(seconds * 50));
  const clusters = [];
  for (let start = 0; start < frames; start += 50) {
    const blocks = [ebml([0xe7], new Uint8Array([0]))];
    for (let frame = start; frame < Math.min(frames, start + 50); frame++) {
      const timecode = (frame - start) * 20;
      blocks.push(ebml([0xa3], concat([new Uint8Array([0x81, timecode >> 8, timecode & 0xff, 0x80]), opusFrame(packetBytes)])));
    }
    clusters.push(ebml([0x1f, 0x43, 0xb6, 0x75], concat(blocks), { unknownSize: true }));
  }
  return concat([header, ebml([0x18, 0x53, 0x80, 0x67], concat([info, tracks, ...clusters]), { unknownSize: true })]);
}

/** A 16-bit mono WAV: silence, a tone (a voice's loudness) for `toneSeconds`, then silence again. */
export function toneWav({ leadSeconds = 0.3, toneSeconds = 1.2, tailSeconds = 2.5, sampleRate = 16_000, frequency = 440 } = {}) {
  const total = Math.round((leadSeconds + toneSeconds + tailSeconds) * sampleRate);
  const toneStart = Math.round(leadSeconds * sampleRate);
  const toneEnd = toneStart + Math.round(toneSeconds * sampleRate);
  const bytes = new Uint8Array(44 + total * 2);
  const view = new DataView(bytes.buffer);
  bytes.set(ascii("RIFF"), 0);
  view.setUint32(4, 36 + total * 2, true);
  bytes.set(ascii("WAVEfmt "), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  bytes.set(ascii("data"), 36);
  view.setUint32(40, total * 2, true);
  for (let sample = toneStart; sample < toneEnd; sample++) {
    view.setInt16(44 + sample * 2, Math.round(Math.sin((2 * Math.PI * frequency * sample) / sampleRate) * 12_000), true);
  }
  return bytes;
}
