// /verify-email?token= (local accounts, DECISIONS §10): the mailed confirmation link's screen, signed in or
// out. It confirms once, on arrival; a token that cannot be one is refused here, without asking the server.
import { Loader2 } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { EMAIL_LINK_INVALID, RESET_TOKEN_PATTERN } from '../../../../common/account.ts';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { serverMessage } from '../../../lib/authUtils.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

export const EMAIL_CONFIRMED = 'Your e-mail address is confirmed';

export function VerifyEmailPage() {
  useDocumentTitle('Confirm e-mail');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return (
    <AuthCardLayout title="Confirm your e-mail address">
      {RESET_TOKEN_PATTERN.test(token) ? <Confirm token={token} /> : <Invalid />}
    </AuthCardLayout>
  );
}

/** The HTTP status an apiRequest error carries ("400: {...}"). */
const statusOf = (error: unknown) =>
  error instanceof Error ? Number(/^(\d{3}): /.exec(error.message)?.[1]) || undefined : undefined;

function Confirm({ token }: { token: string }) {
  const verify = useVerifyEmail(token);
  const status = statusOf(verify.error);
  if (status === 400) return <Invalid />;

  return (
    <div className="grid gap-4">
      {/* Always there, so "confirmed" is read out when it replaces "confirming". */}
      <div role="status" className="empty:hidden">
        {verify.isPending && (
          <p className="flex items-center justify-center gap-2 text-muted-foreground">
            <Loader2 className="size-5 animate-spin" aria-hidden="true" />
            Confirming your address...
          </p>
        )}
        {verify.isSuccess && (
          <div className="grid gap-1 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-center text-emerald-900">
            <p className="font-medium">{EMAIL_CONFIRMED}</p>
            {verify.data.email && <p className="text-sm wrap-anywhere">{verify.data.email}</p>}
          </div>
        )}
      </div>
      {verify.isError && (
        // 409: the new address was taken by another account meanwhile. Anything else: try once more.
        <FormAlert>
          {(status === 409 && serverMessage(verify.error)) ||
            'Could not confirm your address. Please try again.'}
        </FormAlert>
      )}
      {verify.isError && status !== 409 && (
        <Button size="lg" className="w-full" onClick={() => void verify.refetch()}>
          Try again
        </Button>
      )}
      {!verify.isPending && <Onward secondary={verify.isError && status !== 409} />}
    </div>
  );
}

/** A malformed, used or expired link: a new one is asked for from the profile (signed out: after sign-in). */
function Invalid() {
  return (
    <div className="grid gap-4">
      <FormAlert>{EMAIL_LINK_INVALID}</FormAlert>
      <Link href="/profile" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        Ask for a new link on your profile
      </Link>
    </div>
  );
}

/** On to the profile when signed in here, else to sign in (confirming signs nobody in). */
function Onward({ secondary }: { secondary: boolean }) {
  const { isAuthenticated } = useAuth();
  const className = buttonVariants({
    size: 'lg',
    variant: secondary ? 'outline' : 'default',
    className: 'w-full',
  });
  return isAuthenticated ? (
    <Link href="/profile" className={className}>
      Go to your profile
    </Link>
  ) : (
    <Link href="/login" className={className}>
      Sign in
    </Link>
  );
}
