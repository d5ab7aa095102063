// What the router loads from this feature, as one chunk: the /notifications page (the bell's panel on a
// phone) and the profile's notification preferences card. The bell and its panel come by their own way
// (client/components/notification-bell-slot.tsx), with every header.
export { NotificationPrefsCard } from './notification-prefs-card.tsx';
export { NotificationsPage } from './notifications-page.tsx';
