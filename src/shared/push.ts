import type { NotificationKind } from './notifications';
import { choicesOf } from './choices';
import { z } from './zod';
import { messageText } from './i18n/message-text';

/**
 * The notifications that can also come as a push to the devices that asked for it (docs/app.md):
 * a kind pushes once it is in this table, on until its person turns it off in Account settings.
 */
export const pushedKindLabels = {
  chat_message: 'A new message in my Inbox',
  booking_requested: 'A buyer asks to buy one of my phones',
  booking_accepted: 'A seller accepts my request',
  booking_declined: 'A seller declines my request',
  alert_match: 'A phone matches one of my alerts',
} as const satisfies Partial<Record<NotificationKind, string>>;
export type PushedNotificationKind = keyof typeof pushedKindLabels;
export const PUSHED_NOTIFICATION_KINDS = choicesOf(pushedKindLabels);

export const isPushedKind = (kind: string): kind is PushedNotificationKind => Object.hasOwn(pushedKindLabels, kind);

/** GET /push/key: the server's VAPID public key, which a browser subscribes with (base64url). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const SUBSCRIPTION_MESSAGE = messageText('shared.push.subscription');

const base64UrlBytes = (bytes: number, check: (decoded: Uint8Array) => boolean = () => true) =>
  z
    .string({ error: SUBSCRIPTION_MESSAGE })
    .max(200, SUBSCRIPTION_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, SUBSCRIPTION_MESSAGE)
    .refine((value) => {
      const decoded = decodeBase64Url(value);
      return decoded.length === bytes && check(decoded);
    }, SUBSCRIPTION_MESSAGE);

/**
 * The bytes of a base64url text, or none when it cannot be one (a length of 4n+1): atob's
 * DOMException would otherwise escape the validator, and Fastify cannot turn it into a 400.
 */
function decodeBase64Url(value: string): Uint8Array {
  try {
    const binary = atob(value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/** A push service's address: https, as every browser's is (docs/app.md says when http is taken). */
export const pushEndpointSchema = z
  .url({ error: SUBSCRIPTION_MESSAGE })
  .max(1000, SUBSCRIPTION_MESSAGE)
  .regex(/^https?:\/\//, SUBSCRIPTION_MESSAGE);

/** POST /push/subscriptions: what the browser's PushSubscription.toJSON() gives, as it gives it. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes, starting with 4) and a 16-byte secret (RFC 8291).
      p256dh: base64UrlBytes(65, (decoded) => decoded[0] === 4),
      auth: base64UrlBytes(16),
    },
    { error: SUBSCRIPTION_MESSAGE },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** GET /push/settings?endpoint=: the asking browser's subscription, when it has one. */
export const pushSettingsQuerySchema = z.object({ endpoint: z.string().max(1000).optional() });

/** POST /push/unsubscribe: the endpoint of this browser's subscription. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

export const pushSettingsSchema = z.object({
  kinds: z.array(z.object({ kind: z.enum(PUSHED_NOTIFICATION_KINDS), label: z.string(), push: z.boolean() })),
  /** How many of the account's devices get pushes now. */
  devices: z.number(),
  /** Whether the device asking (its endpoint given) is one of them. */
  thisDevice: z.boolean(),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** PUT /push/settings: the kinds to change, each on (true) or off. */
export const updatePushSettingsRequestSchema = z.object({
  kinds: z.partialRecord(z.enum(PUSHED_NOTIFICATION_KINDS), z.boolean()),
});
export type UpdatePushSettingsRequest = z.infer<typeof updatePushSettingsRequestSchema>;

/** What the service worker gets in a push and shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** The path the notification opens. */
  link: string;
  /** One notification per kind and link on the device: a newer one replaces it. */
  tag: string;
}
