// Every mail as one plain-text and one HTML part from the same words (DECISIONS §10): a heading, a few
// paragraphs and lists, at most one button, and a footer saying why it was sent (notification mail adds the
// preferences and its unsubscribe link there: notification-templates.ts).
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** One line of a list (notification mail, digests): its words, a link, and a quieter note under it. */
export interface ListItem {
  text: string;
  url?: string;
  note?: string;
}

export interface Letter {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** After the paragraphs: lists, each under its heading (no heading: none). */
  lists?: { heading?: string; items: ListItem[] }[];
  action?: { label: string; url: string };
  /** After the action: e.g. how long a link works. */
  after?: string[];
  why: string;
  /** Under `why`: e.g. the preferences and the unsubscribe link of notification mail. */
  footerLinks?: { label: string; url: string }[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The plain-text lines of a list: "- words", then its link and note indented under it. */
function textList({ heading, items }: NonNullable<Letter['lists']>[number]): string {
  const lines = items.map((item) =>
    [`- ${item.text}`, ...(item.note ? [`  ${item.note}`] : []), ...(item.url ? [`  ${item.url}`] : [])].join(
      '\n',
    ),
  );
  return [...(heading ? [heading] : []), ...lines].join('\n');
}

function htmlList({ heading, items }: NonNullable<Letter['lists']>[number]): string {
  const lis = items.map((item) => {
    const words = item.url
      ? `<a href="${escapeHtml(item.url)}" style="color:#4f46e5">${escapeHtml(item.text)}</a>`
      : escapeHtml(item.text);
    const note = item.note
      ? `<br><span style="font-size:13px;color:#555555">${escapeHtml(item.note)}</span>`
      : '';
    return `<li style="margin:0 0 8px">${words}${note}</li>`;
  });
  const title = heading ? `<p style="margin:0 0 8px;font-weight:600">${escapeHtml(heading)}</p>` : '';
  return `${title}<ul style="margin:0 0 16px;padding-left:20px">${lis.join('')}</ul>`;
}

export function render(letter: Letter): MailContent {
  const { action, after = [], lists = [], footerLinks = [] } = letter;
  const text = [
    letter.greeting,
    ...letter.paragraphs,
    ...lists.map(textList),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...after,
    [`--\nThreadline. ${letter.why}`, ...footerLinks.map((l) => `${l.label}: ${l.url}`)].join('\n'),
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(action.url)}</p>`
    : '';
  const footer = footerLinks.length
    ? `<p style="margin:8px 0 0;font-size:12px;color:#71717a">${footerLinks
        .map((l) => `<a href="${escapeHtml(l.url)}" style="color:#71717a">${escapeHtml(l.label)}</a>`)
        .join(' &middot; ')}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#4f46e5">Threadline</p>
${[letter.greeting, ...letter.paragraphs].map(p).join('\n')}
${lists.map(htmlList).join('\n')}
${button}
${after.map(p).join('\n')}
<p style="margin:32px 0 0;font-size:12px;color:#71717a">${escapeHtml(letter.why)}</p>
${footer}
</div></body></html>
`;
  return { subject: letter.subject, text: `${text}\n`, html };
}

export const hello = (name: string) => `Hello ${name},`;

export function passwordResetMail(input: { name: string; link: string }): MailContent {
  return render({
    subject: 'Reset your Threadline password',
    greeting: hello(input.name),
    paragraphs: ['Someone asked to reset the password of your Threadline account. To choose a new one:'],
    action: { label: 'Choose a new password', url: input.link },
    after: [
      'The link works once, for one hour.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    why: 'You received this because a password reset was asked for your address.',
  });
}

export function passwordChangedMail(input: { name: string; when: Date; signInUrl: string }): MailContent {
  return render({
    subject: 'Your password was changed',
    greeting: hello(input.name),
    paragraphs: [
      `The password of your Threadline account was changed on ${input.when.toUTCString()}. Every other device was signed out.`,
      'If this was not you, choose a new password at once with "Forgot password?" on the sign-in page.',
    ],
    action: { label: 'Go to sign-in', url: input.signInUrl },
    why: 'You received this because the password of your account changed.',
  });
}

export function verifyEmailMail(input: { name: string; link: string; change: boolean }): MailContent {
  return render({
    subject: input.change ? 'Confirm your new e-mail address' : 'Confirm your e-mail address',
    greeting: hello(input.name),
    paragraphs: [
      input.change
        ? 'You asked to use this address for your Threadline account. Until you confirm it, your old address stays.'
        : 'Welcome to Threadline. Please confirm that this address is yours:',
    ],
    action: { label: input.change ? 'Use this address' : 'Confirm my address', url: input.link },
    after: ['The link works once, for 24 hours.', 'If this was not you, ignore this mail.'],
    why: input.change
      ? 'You received this because this address was entered as the new address of a Threadline account.'
      : 'You received this because this address was used to create a Threadline account.',
  });
}

export function accountDeletedMail(input: { name: string; when: Date }): MailContent {
  return render({
    subject: 'Your Threadline account was deleted',
    greeting: hello(input.name),
    paragraphs: [
      `Your Threadline account was deleted on ${input.when.toUTCString()}, as you asked.`,
      'Your posts and comments now show as "Deleted user" without their text, your direct messages and files are gone, and you were signed out everywhere.',
      'This address is free again: you can create a new account with it at any time.',
    ],
    why: 'You received this because this was the address of the account that was deleted. No more mail will come for it.',
  });
}

export function exportReadyMail(input: { name: string; link: string; expiresAt: Date }): MailContent {
  return render({
    subject: 'Your Threadline data is ready to download',
    greeting: hello(input.name),
    paragraphs: ['The copy of your data you asked for is ready: a ZIP of everything your account holds.'],
    action: { label: 'Download my data', url: input.link },
    after: [
      `The link works until ${input.expiresAt.toUTCString()} (24 hours), once you are signed in.`,
      'If you did not ask for this, change your password: someone may be signed in as you.',
    ],
    why: 'You received this because a copy of your data was asked for on your profile page.',
  });
}
