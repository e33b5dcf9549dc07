// Webhook deliveries exactly as the WhatsApp Cloud API sends them (PROVIDERS.md "WhatsApp Cloud API"), shared by
// the integration tests, the e2e test and the bench, so each speaks the same wire format.

export const TEST_PHONE_NUMBER_ID = "1098765432";
export const TEST_BUSINESS_NUMBER = "15550109999";

/** The `whatsapp_business_account` envelope around one change value of the `messages` field. */
export function delivery(value, { phoneNumberId = TEST_PHONE_NUMBER_ID } = {}) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: { messaging_product: "whatsapp", metadata: { display_phone_number: TEST_BUSINESS_NUMBER, phone_number_id: phoneNumberId }, ...value },
          },
        ],
      },
    ],
  };
}

/**
 * One user message: `text`, or `image` ({ id, mime_type?, caption? }), or `audio` ({ id }: a voice note), or another
 * `type` with an empty body.
 * `timestamp` in ms (Meta sends seconds, as a string); `options.phoneNumberId` the business number it came to.
 */
export function messageDelivery({ from, id, timestamp = Date.now(), name = "Ayşe", text, image, audio, type }, options = {}) {
  const message = { from, id: id ?? `wamid.HBgL${crypto.randomUUID().replace(/-/g, "").toUpperCase()}`, timestamp: String(Math.floor(timestamp / 1000)) };
  if (text !== undefined) Object.assign(message, { type: "text", text: { body: text } });
  else if (image) Object.assign(message, { type: "image", image: { sha256: "abc", mime_type: "image/png", ...image } });
  else if (audio) Object.assign(message, { type: "audio", audio: { sha256: "abc", mime_type: "audio/ogg; codecs=opus", voice: true, ...audio } });
  else Object.assign(message, { type, [type]: {} });
  return delivery({ contacts: [{ profile: { name }, wa_id: from }], messages: [message] }, options);
}

/**
 * Delivery statuses of messages we sent; `errors` as Meta reports a failed one (code, title, message,
 * error_data.details), `timestamp` in ms (Meta sends seconds, as a string).
 */
export function statusDelivery(statuses, options = {}) {
  return delivery(
    {
      statuses: statuses.map((status) => ({
        id: status.id,
        status: status.status,
        timestamp: String(Math.floor((status.timestamp ?? Date.now()) / 1000)),
        recipient_id: status.recipient,
        conversation: { id: "c1", origin: { type: "service" } },
        pricing: { billable: true, pricing_model: "PMP", category: "service" },
        ...(status.errors ? { errors: status.errors } : {}),
      })),
    },
    options,
  );
}
