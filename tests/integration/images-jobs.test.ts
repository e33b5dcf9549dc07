// Creation jobs end to end inside workerd (decision 0006): POST /api/jobs charges and queues, the queue
// consumer driven with message batches makes the picture (demo provider, or the real openai SDK against the fake
// server), a provider failure is retried by the queue, then failed and refunded, "Try again" charges once, a
// message delivered twice creates and charges once, and the dead-letter queue refunds what the queue gave up on.
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { setClockOffset } from "../../app/.server/clock";
import { MAX_ATTEMPTS } from "../../app/.server/images/consumer";
import { createJob, creditsUsed, deliver, galleryRowsOf, jobMessage, jobRow, jobsEnv, PNG_SIGNATURE, signedIn, upload, pngFile } from "./images-helpers";
import { appEnv } from "./helpers";
import { Client } from "./auth-helpers";

/**
 * Variables that configure OpenAI against the fake server (tests/mocks/fake-openai.mjs, started by
 * fake-upstream.setup.ts). `imageModel` picks the images behaviour ("gpt-image-1", "image-fail", "image-policy"...),
 * `chatModel` what gpt-4o-mini is called upstream (photo translate: "gpt-4o-mini", "translate-bad", ...).
 */
function providerVars(options: { imageModel?: string; chatModel?: string } = {}): Record<string, string> {
  return {
    OPENAI_API_KEY: "sk-fake-images",
    OPENAI_BASE_URL: inject("fakeUpstreamUrl"),
    OPENAI_IMAGE_MODEL: options.imageModel ?? "gpt-image-1",
    MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": options.chatModel ?? "gpt-4o-mini" }),
  };
}

const IMAGE = { tool: "image-generation", prompt: "a lighthouse at dusk", style: "watercolor", aspectRatio: "3:2" };

describe("image jobs: create, consume, redeliver", () => {
  it("charges once, makes a demo PNG in R2 and the gallery, and never creates or charges twice", async () => {
    const { env, sent } = jobsEnv();
    const { client, user } = await signedIn(env);
    const requestId = crypto.randomUUID();

    const created = await createJob(client, { ...IMAGE, requestId });
    expect(created).toMatchObject({
      status: 201,
      ok: true,
      job: { id: requestId, status: "queued", tool: "image-generation", prompt: "a lighthouse at dusk" },
    });
    expect(sent).toEqual([{ jobId: requestId, accountId: user.id }]);
    expect(await creditsUsed(client)).toBe(4);

    // The same form sent again (a double click, a retried request): the same job, nothing more sent or charged.
    const again = await createJob(client, { ...IMAGE, requestId });
    expect(again.job?.id).toBe(requestId);
    expect(sent).toHaveLength(1);
    expect(await creditsUsed(client)).toBe(4);

    const result = await deliver(env, [{ id: "m-1", body: jobMessage(requestId) }]);
    expect(result.explicitAcks).toEqual(["m-1"]);
    expect(result.retryMessages).toEqual([]);
    expect(await jobRow(requestId)).toMatchObject({ status: "done", attempts: 1, errorCode: null, ownerId: user.id });
    const [image, ...others] = await galleryRowsOf(requestId);
    expect(others).toEqual([]);
    expect(image).toMatchObject({ ownerId: user.id, tool: "image-generation", model: "demo", contentType: "image/png", width: 768, height: 512 });
    expect(image!.r2Key).toBe(`gallery/${user.id}/${requestId}.png`);
    const object = await appEnv.MEDIA.get(image!.r2Key);
    const bytes = new Uint8Array(await object!.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.byteLength).toBe(image!.bytes);
    expect(object!.httpMetadata?.contentType).toBe("image/png");

    // At-least-once delivery: twice in one batch, and once more later. One creation, one charge.
    const twice = await deliver(env, [
      { id: "m-1", body: jobMessage(requestId), attempts: 2 },
      { id: "m-1b", body: jobMessage(requestId) },
    ]);
    expect([...twice.explicitAcks].sort()).toEqual(["m-1", "m-1b"]);
    expect(await galleryRowsOf(requestId)).toHaveLength(1);
    expect((await jobRow(requestId))?.attempts).toBe(1);
    expect(await creditsUsed(client)).toBe(4);

    // What the page polls.
    const polled = await client.fetch(`/api/jobs?ids=${requestId}`);
    const { jobs } = (await polled.json()) as { jobs: { id: string; status: string; image: { url: string; model: string } }[] };
    expect(jobs).toEqual([
      expect.objectContaining({ id: requestId, status: "done", image: expect.objectContaining({ url: `/media/gallery/${image!.id}`, model: "demo" }) }),
    ]);
  });

  it("a provider failure is retried by the queue, then failed and refunded; Try again charges once more, once", async () => {
    const failing = jobsEnv(providerVars({ imageModel: "image-fail" }));
    const { client, user } = await signedIn(failing.env);
    const created = await createJob(client, IMAGE);
    const jobId = created.job!.id;
    expect(await creditsUsed(client)).toBe(4);

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const result = await deliver(failing.env, [{ id: `fail-${attempt}`, body: jobMessage(jobId), attempts: attempt }]);
      expect(result.retryMessages.map((message) => message.msgId)).toEqual([`fail-${attempt}`]);
      expect(await jobRow(jobId)).toMatchObject({ status: "running", attempts: attempt });
      expect(await creditsUsed(client)).toBe(4);
    }
    const last = await deliver(failing.env, [{ id: "fail-last", body: jobMessage(jobId), attempts: MAX_ATTEMPTS }]);
    expect(last.explicitAcks).toEqual(["fail-last"]);
    expect(await jobRow(jobId)).toMatchObject({ status: "failed", errorCode: "image/provider-failed", attempts: MAX_ATTEMPTS });
    expect(await galleryRowsOf(jobId)).toEqual([]);
    expect(await creditsUsed(client)).toBe(0);

    // A late redelivery of a failed job changes nothing (no second refund, no picture).
    await deliver(failing.env, [{ id: "late", body: jobMessage(jobId) }]);
    expect((await jobRow(jobId))?.status).toBe("failed");
    expect(await creditsUsed(client)).toBe(0);

    // "Try again": a new job with the same settings, charged under its own request id; pressing twice is one job.
    const working = jobsEnv(providerVars({ imageModel: "gpt-image-1" }));
    const retrier = client.withEnv(working.env);
    const retryId = crypto.randomUUID();
    const retry = async () => {
      const form = new FormData();
      form.set("requestId", retryId);
      const response = await retrier.fetch(`/api/jobs/${jobId}/retry`, { method: "POST", body: form });
      return { status: response.status, body: (await response.json()) as { job: { id: string; status: string; prompt: string } } };
    };
    const first = await retry();
    expect(first).toMatchObject({ status: 201, body: { job: { id: retryId, status: "queued", prompt: "a lighthouse at dusk" } } });
    const second = await retry();
    expect(second.body.job.id).toBe(retryId);
    expect(working.sent).toEqual([{ jobId: retryId, accountId: user.id }]);
    expect(await creditsUsed(retrier)).toBe(4);

    await deliver(working.env, [{ id: "retry-1", body: jobMessage(retryId) }]);
    const [image] = await galleryRowsOf(retryId);
    // Drawn by the provider through the openai SDK: the fake's 64 x 64 PNG, labelled with the image model.
    expect(image).toMatchObject({ ownerId: user.id, model: "gpt-image-1", contentType: "image/png", width: 64, height: 64 });
    expect(await creditsUsed(retrier)).toBe(4);

    // Another person cannot retry (or even see) this job.
    const stranger = await signedIn(working.env);
    const form = new FormData();
    form.set("requestId", crypto.randomUUID());
    expect((await stranger.client.fetch(`/api/jobs/${jobId}/retry`, { method: "POST", body: form })).status).toBe(404);
  });

  it("a refusal by the provider's safety system fails at once, with its reason, and refunds", async () => {
    const { env } = jobsEnv(providerVars({ imageModel: "image-policy" }));
    const { client } = await signedIn(env);
    const jobId = (await createJob(client, IMAGE)).job!.id;
    const result = await deliver(env, [{ id: "policy", body: jobMessage(jobId) }]);
    expect(result.explicitAcks).toEqual(["policy"]);
    expect(await jobRow(jobId)).toMatchObject({ status: "failed", errorCode: "image/rejected", attempts: 1 });
    expect(await creditsUsed(client)).toBe(0);
  });

  it("the dead-letter queue fails and refunds a job the queue gave up on, once; a finished job stays as it is", async () => {
    const { env } = jobsEnv();
    const { client } = await signedIn(env);
    const stuck = (await createJob(client, IMAGE)).job!.id;
    const finished = (await createJob(client, { ...IMAGE, prompt: "a finished one" })).job!.id;
    await deliver(env, [{ id: "ok", body: jobMessage(finished) }]);
    expect(await creditsUsed(client)).toBe(8);

    const dead = await deliver(
      env,
      [
        { id: "dead-1", body: jobMessage(stuck) },
        { id: "dead-2", body: jobMessage(finished) },
        { id: "junk", body: "not a job" },
      ],
      "image-jobs-dlq",
    );
    expect([...dead.explicitAcks].sort()).toEqual(["dead-1", "dead-2", "junk"]);
    expect(await jobRow(stuck)).toMatchObject({ status: "failed", errorCode: "image/provider-failed" });
    expect((await jobRow(finished))?.status).toBe("done");
    expect(await creditsUsed(client)).toBe(4);

    await deliver(env, [{ id: "dead-1", body: jobMessage(stuck) }], "image-jobs-dlq");
    expect(await creditsUsed(client)).toBe(4);
  });

  it("a job that cannot be sent to the queue is refunded and left failed, ready to try again", async () => {
    const { env } = jobsEnv({}, async () => {
      throw new Error("queue unavailable");
    });
    const { client } = await signedIn(env);
    const created = await createJob(client, IMAGE);
    expect(created).toMatchObject({ status: 201, job: { status: "failed", errorCode: "image/queue-failed" } });
    expect(await creditsUsed(client)).toBe(0);
  });
});

describe("image jobs that are lost", () => {
  it("a job whose queue message never arrives fails and is refunded by the account's own sweep an hour on", async () => {
    // The queue takes the message and loses it (jobsEnv delivers nothing until a test does).
    const { env } = jobsEnv();
    const { client, user } = await signedIn(env);
    const created = await createJob(client, IMAGE);
    expect(created).toMatchObject({ status: 201, job: { status: "queued" } });
    expect(await creditsUsed(client)).toBeGreaterThan(0);
    const account = env.ACCOUNT.get(env.ACCOUNT.idFromName(user.id));
    try {
      // Half an hour on it is still waiting; past the hour the alarm fails it and gives its credits back.
      setClockOffset(30 * 60 * 1000);
      await runDurableObjectAlarm(account);
      expect(await jobRow(created.job!.id)).toMatchObject({ status: "queued" });
      setClockOffset(61 * 60 * 1000);
      expect(await runDurableObjectAlarm(account)).toBe(true);
      expect(await jobRow(created.job!.id)).toMatchObject({ status: "failed", errorCode: "image/provider-failed" });
      expect(await creditsUsed(client)).toBe(0);
    } finally {
      setClockOffset(0);
    }
  });
});

describe("image jobs: each tool", () => {
  it("a text logo is a vector SVG made on the server, every piece of text escaped", async () => {
    const { env } = jobsEnv();
    const { client } = await signedIn(env);
    const created = await createJob(client, {
      tool: "logo-maker",
      kind: "text",
      style: "luxury",
      brandName: '<Acme & "Co">',
      slogan: "<script>alert(1)</script>",
      primaryColor: "#AA7700",
    });
    expect(created.job).toMatchObject({ status: "queued", model: "vector", prompt: '<Acme & "Co"> — <script>alert(1)</script>' });
    await deliver(env, [{ id: "logo", body: jobMessage(created.job!.id) }]);
    const [logo] = await galleryRowsOf(created.job!.id);
    expect(logo).toMatchObject({ contentType: "image/svg+xml", model: "vector", width: 1200, height: 600 });
    const svg = await (await appEnv.MEDIA.get(logo!.r2Key))!.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|<Acme|"Co"/);
    expect(svg).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    expect(svg).toContain("#aa7700");
  });

  it("a graphic logo is drawn by the provider's images API (transparent PNG), or by the demo offline", async () => {
    const demo = jobsEnv();
    const { client } = await signedIn(demo.env);
    const offline = await createJob(client, { tool: "logo-maker", kind: "graphic", style: "nature", brandName: "Çay Bahçesi" });
    await deliver(demo.env, [{ id: "g-1", body: jobMessage(offline.job!.id) }]);
    expect((await galleryRowsOf(offline.job!.id))[0]).toMatchObject({ model: "demo", contentType: "image/png", width: 640, height: 640 });

    const online = jobsEnv(providerVars());
    const withProvider = await createJob(client.withEnv(online.env), { tool: "logo-maker", kind: "graphic", style: "corporate", brandName: "Acme" });
    await deliver(online.env, [{ id: "g-2", body: jobMessage(withProvider.job!.id) }]);
    expect((await galleryRowsOf(withProvider.job!.id))[0]).toMatchObject({ model: "gpt-image-1", contentType: "image/png" });
  });

  it("a tattoo starts from the person's own photo: a demo design offline, images.edit with a provider", async () => {
    const demo = jobsEnv();
    const { client, user } = await signedIn(demo.env);
    const photo = await upload(client, await pngFile(40, 30));
    expect(photo.status).toBe(201);
    const offline = await createJob(client, { tool: "tattoo-generator", uploadId: photo.json.id!, theme: "tree", description: "a small oak" });
    expect(offline.job).toMatchObject({ status: "queued", sourceUrl: `/media/uploads/${photo.json.id}`, prompt: "a small oak" });
    await deliver(demo.env, [{ id: "t-1", body: jobMessage(offline.job!.id) }]);
    expect((await galleryRowsOf(offline.job!.id))[0]).toMatchObject({ ownerId: user.id, tool: "tattoo-generator", model: "demo", contentType: "image/png" });

    const online = jobsEnv(providerVars());
    const edited = await createJob(client.withEnv(online.env), { tool: "tattoo-generator", uploadId: photo.json.id!, theme: "skull" });
    await deliver(online.env, [{ id: "t-2", body: jobMessage(edited.job!.id) }]);
    expect(await jobRow(edited.job!.id)).toMatchObject({ status: "done" });
    expect((await galleryRowsOf(edited.job!.id))[0]).toMatchObject({ model: "gpt-image-1" });

    // Someone else's photo cannot be used.
    const other = await signedIn(demo.env);
    const refused = await createJob(other.client, { tool: "tattoo-generator", uploadId: photo.json.id!, theme: "tree" });
    expect(refused).toMatchObject({ status: 404, ok: false, error: "upload/missing" });
    expect(await creditsUsed(other.client)).toBe(0);
  });

  it("photo translate: a labelled demo result offline; the vision model's JSON with a provider; a non-JSON answer fails and refunds", async () => {
    const demo = jobsEnv();
    const { client } = await signedIn(demo.env);
    const photo = await upload(client, await pngFile());
    const offline = await createJob(client, { tool: "photo-translate", uploadId: photo.json.id!, targetLanguage: "tr" });
    expect(await creditsUsed(client)).toBe(2);
    await deliver(demo.env, [{ id: "p-1", body: jobMessage(offline.job!.id) }]);
    const polledDemo = (await (await client.fetch(`/api/jobs?ids=${offline.job!.id}`)).json()) as { jobs: { translation: unknown; image: unknown }[] };
    expect(polledDemo.jobs[0]).toMatchObject({
      image: null,
      translation: {
        demo: true,
        sourceLanguage: "en",
        blocks: [
          { text: "Hello", translation: "Merhaba" },
          { text: "Thank you", translation: "Teşekkürler" },
        ],
      },
    });
    expect(await galleryRowsOf(offline.job!.id)).toEqual([]);

    const online = jobsEnv(providerVars());
    const reader = client.withEnv(online.env);
    const read = await createJob(reader, { tool: "photo-translate", uploadId: photo.json.id!, targetLanguage: "tr" });
    await deliver(online.env, [{ id: "p-2", body: jobMessage(read.job!.id) }]);
    const polled = (await (await reader.fetch(`/api/jobs?ids=${read.job!.id}`)).json()) as { jobs: { status: string; translation: unknown }[] };
    expect(polled.jobs[0]).toMatchObject({
      status: "done",
      translation: {
        sourceLanguage: "en",
        blocks: [
          { text: "OPEN", translation: "AÇIK" },
          { text: "Push to enter", translation: "İçeri girmek için itin" },
        ],
      },
    });
    expect((polled.jobs[0]!.translation as { demo?: boolean }).demo).toBeUndefined();

    const confused = jobsEnv(providerVars({ chatModel: "translate-bad" }));
    const asker = client.withEnv(confused.env);
    const before = await creditsUsed(asker);
    const bad = await createJob(asker, { tool: "photo-translate", uploadId: photo.json.id!, targetLanguage: "de" });
    expect(await creditsUsed(asker)).toBe(before + 2);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++)
      await deliver(confused.env, [{ id: `bad-${attempt}`, body: jobMessage(bad.job!.id), attempts: attempt }]);
    expect(await jobRow(bad.job!.id)).toMatchObject({ status: "failed", errorCode: "image/provider-failed" });
    expect(await creditsUsed(asker)).toBe(before);
  });
});

describe("POST /api/jobs refusals", () => {
  it("checks the form with the shared schema, asks visitors to sign in, and keeps Pro models for Pro", async () => {
    const { env, sent } = jobsEnv();
    const { client } = await signedIn(env);
    const invalid = await createJob(client, { tool: "image-generation", prompt: "   ", aspectRatio: "16:9" });
    expect(invalid).toMatchObject({
      status: 400,
      ok: false,
      error: "request/invalid",
      message: "Some of the information is not valid. Please check it and try again.",
      fieldErrors: { prompt: "This field is required", aspectRatio: "This value is not valid" },
    });
    const badColour = await createJob(client, { tool: "logo-maker", kind: "text", brandName: "Acme", primaryColor: "red" });
    expect(badColour.fieldErrors).toEqual({ primaryColor: "Choose a colour such as #1a2b3c" });

    const visitor = await createJob(new Client(undefined, env), IMAGE);
    expect(visitor).toMatchObject({ status: 401, ok: false, error: "auth/sign-in-required" });

    const pro = await createJob(client, { ...IMAGE, model: "gpt-4o" });
    expect(pro).toMatchObject({ status: 402, error: "plan/pro-required" });
    const unknown = await createJob(client, { ...IMAGE, model: "no-such-model" });
    expect(unknown).toMatchObject({ status: 404, error: "chat/model-unavailable" });
    expect(sent).toEqual([]);
    expect(await creditsUsed(client)).toBe(0);

    const proUser = await signedIn(env, { accessLevel: "pro" });
    expect((await createJob(proUser.client, { ...IMAGE, model: "gpt-4o" })).status).toBe(201);
  });

  it("with providers configured but none that can draw, image tools say so instead of charging", async () => {
    const { env } = jobsEnv({ ANTHROPIC_API_KEY: "sk-ant-fake" });
    const { client } = await signedIn(env);
    const answer = await createJob(client, { ...IMAGE, model: "claude-3-5-haiku-latest" });
    expect(answer).toMatchObject({ status: 503, error: "image/no-provider" });
    expect(await creditsUsed(client)).toBe(0);
  });

  it("a day's credits run out: the next creation is refused and nothing is queued", async () => {
    const { env, sent } = jobsEnv({ CREDITS_FREE_DAILY: "6" });
    const { client } = await signedIn(env);
    expect((await createJob(client, IMAGE)).status).toBe(201);
    const refused = await createJob(client, IMAGE);
    expect(refused).toMatchObject({ status: 402, error: "credits/exhausted" });
    expect(sent).toHaveLength(1);
  });
});
