// The feature's query keys. The inbox's is also read again after a reconnect (client/lib/realtime/
// live-dashboard.ts OUTDATED_AFTER_RECONNECT, which writes it out), with the list under it as its prefix.
export const notificationKeys = {
  /** GET /api/notifications: the first page and `unreadCount`, the bell's number. */
  inbox: ['/api/notifications'] as const,
  /** The panel's infinite list, pages fetched by `nextCursor`. */
  list: ['/api/notifications', 'list'] as const,
  prefs: ['/api/me/notification-preferences'] as const,
};
