// A file the person downloads (a chat's export, a research report): the domain returns its bytes, type and name, and
// this one place answers with it as an attachment that no cache keeps.

/** What a domain function returns for a download. */
export interface DownloadFile {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  /** Made by the domain from a slug, so it needs no quoting. */
  filename: string;
}

export function downloadResponse(file: DownloadFile): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
