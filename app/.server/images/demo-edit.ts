// "Edit image" offline (decision 0029): the demo provider changes the real pixels, visibly and predictably, so the
// whole edit flow works and is testable with no key. The interface labels the result "Demo model"; it is no AI edit.
import type { RenderedImage } from "./demo-renderer";
import { renderDemoArt } from "./demo-renderer";
import { decodePng, encodePng } from "./png";
import { hashString, hsl } from "./raster";

/** Words that ask for something to go away: the painted area (or, without a mask, nothing) is cut out. */
const REMOVE_WORDS = ["remove", "erase", "delete", "cut out", "background", "kaldır", "sil", "arka plan", "arkaplan"];

/** How strongly the tint covers the picture: enough to see at a glance, not so much that the picture is lost. */
const TINT_STRENGTH = 0.45;

/**
 * Tints the picture in a colour chosen by the words of the change; with a brush mask (transparent where painted,
 * like OpenAI's), only the painted area changes, and a "remove" request cuts it out instead (it turns transparent).
 */
export async function renderDemoEdit(input: { prompt: string; photo: Uint8Array; mask: Uint8Array | null }): Promise<RenderedImage> {
  const picture = await decodePng(input.photo);
  // A JPEG (a phone photo) cannot be read here: the demo draws a picture of the change instead.
  if (!picture) return renderDemoArt({ prompt: input.prompt, style: "none", aspectRatio: "1:1" });
  const mask = input.mask ? await decodePng(input.mask) : null;
  const painted = (index: number) => !mask || mask.pixels[index * 4 + 3]! < 128;
  const words = input.prompt.toLocaleLowerCase();
  const cutOut = Boolean(mask) && REMOVE_WORDS.some((word) => words.includes(word));
  const tint = hsl(hashString(input.prompt) % 360, 85, 50);
  const pixels = picture.pixels;
  for (let index = 0; index < picture.width * picture.height; index++) {
    if (!painted(index)) continue;
    if (cutOut) {
      pixels[index * 4 + 3] = 0;
      continue;
    }
    for (let channel = 0; channel < 3; channel++) {
      const value = pixels[index * 4 + channel]!;
      pixels[index * 4 + channel] = Math.round(value * (1 - TINT_STRENGTH) + tint[channel]! * TINT_STRENGTH);
    }
  }
  const bytes = await encodePng(picture.width, picture.height, pixels, { alpha: true });
  return { bytes, contentType: "image/png", width: picture.width, height: picture.height };
}
