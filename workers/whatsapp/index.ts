// WhatsApp Cloud API webhook worker (Hono). The app forwards /whatsapp/* here through a service binding.
import { Hono } from "hono";

interface WhatsAppEnv {
  DB: D1Database;
  APP_ENV?: string;
}

export const app = new Hono<{ Bindings: WhatsAppEnv }>().basePath("/whatsapp");

app.get("/health", async (c) => {
  // A real query, so "healthy" means the shared database answers too.
  const row = await c.env.DB.prepare("SELECT 1 AS ok").first<{ ok: number }>();
  return c.json({ ok: row?.ok === 1, service: "whatsapp" });
});

export default app;
