// The upload check (decision 0013): a JPEG or PNG is recognised by its header and read through its own structure to
// its end marker; bytes after that marker (motion photos, camera trailers, editors) are accepted, while a file cut
// short, before or after its dimensions, or with the wrong magic, is still refused.
import { describe, expect, it } from "vitest";
import { encodePng } from "../../app/.server/images/png";
import { checkImage, MAX_UPLOAD_BYTES } from "../../app/.server/images/validate";
import { greyJpeg, motionPhotoTrailer, noise, randomTrailer, samsungTrailer, withTrailer } from "../fixtures/phone-photos";

const png = (width: number, height: number) => encodePng(width, height, new Uint8Array(width * height * 4).fill(200), { alpha: false });

describe("photos with data after the image's end", () => {
  const jpeg = greyJpeg(640, 480);

  it.each([
    ["a Pixel motion photo (MP4 after EOI)", motionPhotoTrailer()],
    ["a Samsung camera trailer (SEFH ... SEFT)", samsungTrailer()],
    ["random bytes", randomTrailer()],
  ])("accepts a 640 x 480 JPEG followed by %s", (_, trailer) => {
    expect(checkImage(withTrailer(jpeg, trailer))).toEqual({ ok: true, contentType: "image/jpeg", width: 640, height: 480, bytes: jpeg.length + 4096 });
  });

  it("accepts a PNG with random bytes after IEND", async () => {
    const image = await png(30, 20);
    expect(checkImage(withTrailer(image, randomTrailer()))).toEqual({ ok: true, contentType: "image/png", width: 30, height: 20, bytes: image.length + 4096 });
  });

  it("reads past an EXIF thumbnail's own end marker and the scan's restart markers", () => {
    // The thumbnail inside APP1 ends with FF D9 long before the picture does: cut just after it, the file is damaged.
    const thumbnailEnd = jpeg.indexOf(0xd9, 4) + 1;
    expect(checkImage(jpeg.slice(0, thumbnailEnd))).toEqual({ ok: false, code: "upload/corrupt" });
    expect(checkImage(greyJpeg(13, 7))).toMatchObject({ ok: true, width: 13, height: 7 });
  });

  it("keeps the size and megapixel limits when a trailer is present", async () => {
    const big = withTrailer(jpeg, noise(MAX_UPLOAD_BYTES - jpeg.length + 1));
    expect(checkImage(big)).toEqual({ ok: false, code: "upload/too-large" });
    expect(checkImage(withTrailer(greyJpeg(8000, 6000), samsungTrailer()))).toEqual({ ok: false, code: "upload/too-many-pixels" });
  });
});

describe("damaged files are still refused", () => {
  const jpeg = greyJpeg(640, 480);

  it("a JPEG cut before its dimensions, inside its scan, or right before EOI", () => {
    const frame = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    for (const length of [3, frame + 4, Math.floor(jpeg.length / 2) + 300, jpeg.length - 2]) {
      expect(checkImage(jpeg.slice(0, length)), `cut at ${length}`).toEqual({ ok: false, code: "upload/corrupt" });
    }
  });

  it("a JPEG whose trailer replaces its end (no EOI before the extra bytes)", () => {
    expect(checkImage(withTrailer(jpeg.slice(0, jpeg.length - 2), samsungTrailer()))).toEqual({ ok: false, code: "upload/corrupt" });
  });

  it("a PNG cut before IHDR's size, or anywhere before IEND even when bytes follow", async () => {
    const image = await png(32, 32);
    for (const length of [12, 20, 40, image.length - 12, image.length - 1]) {
      expect(checkImage(image.slice(0, length)), `cut at ${length}`).toEqual({ ok: false, code: "upload/corrupt" });
    }
  });

  it("the wrong magic, whatever comes after", () => {
    expect(checkImage(withTrailer(new TextEncoder().encode("GIF89a"), greyJpeg(8, 8)))).toEqual({ ok: false, code: "upload/invalid-type" });
    expect(checkImage(noise(4096))).toEqual({ ok: false, code: "upload/invalid-type" });
  });
});
