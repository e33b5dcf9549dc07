// Types for fake-push.mjs (the project compiles TypeScript with allowJs off).
export interface FakePush {
  id: string;
  headers: { ttl: string; urgency: string | null; "content-encoding": string };
  /** The encrypted body, base64url. */
  body: string;
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
  at: number;
}

export function startFakePush(options?: { port?: number; host?: string; log?: boolean }): Promise<{ url: string; pushes: FakePush[]; close(): Promise<void> }>;
