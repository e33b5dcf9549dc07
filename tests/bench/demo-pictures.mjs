// The demo provider's logos and tattoos are drawn and PNG-encoded inside the image queue's consumer, so their CPU
// time is the invocation's. Measured here in Node from the TypeScript sources, loaded through Vite's SSR module loader
// (the same transform the tests use); workerd runs the same V8, and starts faster than Node.
import { createServer } from "vite";
import { ROOT } from "../e2e/server.mjs";

export const DEMO_PICTURES_BENCH = { rounds: 5 };

/** Renders every logo style and tattoo theme `rounds` times; the median round's time, after one warm-up round. */
export async function measureDemoPictures() {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
    resolve: { alias: { "~": `${ROOT}/app` } },
  });
  try {
    const { renderDemoLogo, renderDemoTattoo } = await vite.ssrLoadModule("/app/.server/images/demo-renderer.ts");
    const { LOGO_STYLES, TATTOO_THEMES } = await vite.ssrLoadModule("/app/lib/tools.ts");
    const round = async () => {
      const started = performance.now();
      for (const style of LOGO_STYLES) await renderDemoLogo({ brandName: "Çay Bahçesi", slogan: "Taze demlenmiş", style });
      for (const theme of TATTOO_THEMES) await renderDemoTattoo({ theme, description: "small" });
      return performance.now() - started;
    };
    await round();
    const times = [];
    for (let index = 0; index < DEMO_PICTURES_BENCH.rounds; index++) times.push(await round());
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], pictures: LOGO_STYLES.length + TATTOO_THEMES.length, times };
  } finally {
    await vite.close();
  }
}
