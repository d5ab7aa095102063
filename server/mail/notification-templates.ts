// Notification mail and digests (issue 27; DECISIONS §10), in the words and frame of templates.ts. Each says
// why it came and ends with the preferences and an unsubscribe link for its kind.
import type { DigestFrequency, MailKind } from '../../common/notifications.ts';
import { unsubscribeSubject } from '../../common/unsubscribe.ts';
import { hello, type ListItem, type MailContent, render } from './templates.ts';

interface Links {
  preferences: string;
  unsubscribe: string;
}

const footer = (links: Links, what: string) => [
  { label: 'Notification preferences', url: links.preferences },
  { label: `Unsubscribe from ${what}`, url: links.unsubscribe },
];

export function notificationMail(input: {
  name: string;
  kind: MailKind;
  subject: string;
  items: ListItem[];
  /** Items left out of the list (it shows the newest few). */
  more: number;
  appUrl: string;
  links: Links;
}): MailContent {
  return render({
    subject: input.subject,
    greeting: hello(input.name),
    paragraphs: ['Here is what you have not seen yet on Threadline:'],
    lists: [{ items: input.items }],
    ...(input.more > 0 && {
      after: [`And ${input.more} more. Open Threadline to see everything: ${input.appUrl}`],
    }),
    why: `You received this because ${unsubscribeSubject(input.kind)} is on in your preferences, and this was still unread after 10 minutes.`,
    footerLinks: footer(input.links, 'these mails'),
  });
}

export function digestMail(input: {
  name: string;
  frequency: Exclude<DigestFrequency, 'never'>;
  /** The most discussed new posts. */
  topPosts: ListItem[];
  /** The other new posts, counted ("3 more posts in Book club"). */
  rest: string[];
  notifications: ListItem[];
  moreNotifications: number;
  appUrl: string;
  links: Links;
}): MailContent {
  const period = input.frequency === 'daily' ? 'day' : 'week';
  const lists: { heading?: string; items: ListItem[] }[] = [];
  if (input.topPosts.length > 0) lists.push({ heading: 'Most discussed new posts', items: input.topPosts });
  if (input.rest.length > 0) lists.push({ heading: 'Also new', items: input.rest.map((text) => ({ text })) });
  if (input.notifications.length > 0) {
    const more = input.moreNotifications > 0 ? [{ text: `And ${input.moreNotifications} more` }] : [];
    lists.push({ heading: 'Your unread notifications', items: [...input.notifications, ...more] });
  }
  return render({
    subject: `Your ${input.frequency} Threadline digest`,
    greeting: hello(input.name),
    paragraphs: [`This ${period} in your threadlines:`],
    lists,
    action: { label: 'Open Threadline', url: input.appUrl },
    why: `You received this because you chose a ${input.frequency} digest in your preferences.`,
    footerLinks: footer(input.links, 'the digest'),
  });
}
