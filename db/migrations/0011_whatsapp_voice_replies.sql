-- A linked WhatsApp number's "reply with voice" setting (decision 0025): voice notes are answered with a voice note too,
-- when the deployment turns WHATSAPP_VOICE_REPLIES on.
ALTER TABLE `whatsapp_links` ADD `voice_replies` integer DEFAULT false NOT NULL;