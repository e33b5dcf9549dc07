// A text logo as PNG, rasterised in the browser from its SVG on a canvas at the logo's full size (the lettering stays
// crisp). The file name is the server's SVG name with .png; other downloads are plain links the server names.

function save(href: string, fileName: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/** Saves what a canvas shows as a PNG file named `fileName`. */
export async function downloadCanvas(canvas: HTMLCanvasElement, fileName: string) {
  const png = await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob failed"))), "image/png"));
  const pngUrl = URL.createObjectURL(png);
  save(pngUrl, fileName);
  setTimeout(() => URL.revokeObjectURL(pngUrl), 10_000);
}

export async function downloadSvgAsPng(downloadUrl: string, width: number, height: number) {
  const response = await fetch(downloadUrl);
  if (!response.ok) throw new Error(`download ${response.status}`);
  const name = fileNameFrom(response.headers.get("Content-Disposition"), "logo.svg").replace(/\.svg$/i, ".png");
  const svg = await response.blob();
  const svgUrl = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = svgUrl;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.drawImage(image, 0, 0, width, height);
    await downloadCanvas(canvas, name);
  } finally {
    URL.revokeObjectURL(svgUrl);
  }
}
