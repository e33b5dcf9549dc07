// Types for fake-audio.mjs (the project compiles TypeScript with allowJs off).
export function silentMp3(seconds?: number): Uint8Array<ArrayBuffer>;
export function silentOggOpus(seconds?: number, options?: { packetBytes?: number; forgedGranule?: number }): Uint8Array<ArrayBuffer>;
export function silentWebmOpus(seconds?: number, options?: { packetBytes?: number; declaredSeconds?: number }): Uint8Array<ArrayBuffer>;
export function toneWav(options?: {
  leadSeconds?: number;
  toneSeconds?: number;
  tailSeconds?: number;
  sampleRate?: number;
  frequency?: number;
}): Uint8Array<ArrayBuffer>;
