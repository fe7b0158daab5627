import { z } from './zod';
import { idField, timestampSchema } from './common';

/** What a notification is about; each has its sentence, written by the server when it happens. */
const NOTIFICATION_KINDS = [
  'booking_requested',
  'booking_accepted',
  'booking_declined',
  'booking_expired',
  'booking_sold',
  'booking_cancelled',
  'seller_verified',
  'listing_removed',
  'chat_message',
  'moderation_action',
  'report_reviewed',
  'appeal_decided',
  'chat_offer',
  'review_open',
  'review_published',
  'alert_match',
  'listing_reviewed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  ...idField,
  kind: z.enum(NOTIFICATION_KINDS),
  message: z.string(),
  /** Where in the web client the subject is seen. */
  link: z.string(),
  createdAt: timestampSchema,
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
