/** The body of an image-jobs queue message: only the id; the row in D1 holds everything else. */
export interface ImageJobMessage {
  jobId: string;
}

export function isImageJobMessage(value: unknown): value is ImageJobMessage {
  return typeof value === "object" && value !== null && typeof (value as ImageJobMessage).jobId === "string";
}
