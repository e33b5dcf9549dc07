/**
 * The body of an image-jobs queue message: the job and the account whose object holds it (decision 0026); the row
 * there holds everything else. A message without the account (sent before the rows moved) cannot be routed and is
 * dropped as malformed.
 */
export interface ImageJobMessage {
  jobId: string;
  accountId: string;
}

export function isImageJobMessage(value: unknown): value is ImageJobMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ImageJobMessage).jobId === "string" &&
    typeof (value as ImageJobMessage).accountId === "string"
  );
}
