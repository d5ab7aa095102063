// What the router loads from this feature, as one chunk: the mailed links' screens (password reset, e-mail
// confirmation) and the profile page's account sections. Apart, what they share with sign-in (the card frame,
// the alert, the common-password check) would count as shared by three pages and move into the `app` chunk
// that every signed-in page loads (vite-chunks.ts).
export { AccountSections } from './account-sections.tsx';
export { EmailVerificationNotice } from './email-verification-notice.tsx';
export { MailedLinkPage } from './mailed-link-page.tsx';
