import { z } from 'zod';

/** Wire contract of notifications (spec §3 Notification, §7 /api/notif/notify, the socket `notification` event). */

export const NOTIFICATION_TYPES = ['notif', 'danger', 'success', 'warning'] as const;
/** A list answers this many notifications unless asked, at most NOTIFICATION_MAX_PAGE. */
export const NOTIFICATION_PAGE = 100;
export const NOTIFICATION_MAX_PAGE = 500;

/** Spec §3 Notification as a reader sees it: title and message rendered in the reader's language. */
export const ZNotificationView = z.strictObject({
  _id: z.string(),
  /** The stream id: a reconnecting client sends the highest it has (lastNotificationId) and drops repeats by it. */
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Plain text (the client renders it as text). */
  title: z.string(),
  /** HTML: only the catalog template's own markup (allow-listed in core); every interpolated value is escaped text. */
  message: z.string(),
  source_type: z.string().nullable(),
  event_meta: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof ZNotificationView>;

/** GET /api/notif/notify: newest first; `after` gives those after a stream id, oldest first. */
export const ZNotificationListQuery = z.strictObject({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_MAX_PAGE).optional(),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** POST /api/notif/notify (spec: "refresh"): marks all read; the ids must be the caller's own. */
export const ZNotificationsReadBody = z.strictObject({
  ownerId: z.uuid('field.invalid'),
  userId: z.uuid('field.invalid'),
});
export type TNotificationsReadBody = z.infer<typeof ZNotificationsReadBody>;

/** Answer of POST /api/notif/notify: how many were unread. */
export const ZNotificationsReadAnswer = z.strictObject({ ok: z.literal(true), read: z.number().int() });
