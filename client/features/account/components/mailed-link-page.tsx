// The screens a mail or the sign-in screen leads to, as one lazily loaded page: the router names one
// component for them (its code is in every visitor's first load), and this picks by path. /unsubscribe
// (issue 27) is one of them whatever the sign-in provider; the router sends only it there under OIDC.
import { useLocation } from 'wouter';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';

export function MailedLinkPage() {
  const [path] = useLocation();
  if (path.startsWith('/forgot-password')) return <ForgotPasswordPage />;
  if (path.startsWith('/reset-password')) return <ResetPasswordPage />;
  if (path.startsWith('/unsubscribe')) return <UnsubscribePage />;
  return <VerifyEmailPage />;
}
