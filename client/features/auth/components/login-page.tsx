// /login: built-in accounts (DECISIONS §2). With OpenID Connect it only offers the provider's sign-in.
// `?tab=register` opens Create account; `?returnTo=/path` is where a successful sign-in goes.
import { Loader2 } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../common/limits.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../../../common/passwords.ts';
import { AuthCardLayout } from '../../../components/auth-card-layout.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { goToLogin, useMeta } from '../../../lib/auth.ts';
import { serverMessage } from '../../../lib/authUtils.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { forgotPasswordPath } from '../../../lib/forgot-password-link.ts';
import { type AuthTab, readLoginQuery } from '../../../lib/sign-in.ts';
import { useCommonPassword } from '../../../lib/use-common-password.ts';
import { useAuthMutation } from '../api/auth-api.ts';

const TABS: { value: AuthTab; label: string }[] = [
  { value: 'signin', label: 'Sign in' },
  { value: 'register', label: 'Create account' },
];

export function LoginPage() {
  const { data: meta } = useMeta();
  const query = readLoginQuery(useSearch());
  return (
    <AuthCardLayout
      title="Welcome to Threadline"
      description="Sign in or create an account to reach your threadlines."
    >
      {meta?.authProvider === 'oidc' ? (
        <SingleSignOn returnTo={query.returnTo} />
      ) : (
        <LocalAccountForm initialTab={query.tab} returnTo={query.returnTo} />
      )}
    </AuthCardLayout>
  );
}

function SingleSignOn({ returnTo }: { returnTo: string }) {
  useDocumentTitle('Sign in');
  return (
    <Button className="w-full" size="lg" onClick={() => goToLogin(returnTo)}>
      Continue to sign in
    </Button>
  );
}

function LocalAccountForm({ initialTab, returnTo }: { initialTab: AuthTab; returnTo: string }) {
  const [mode, setMode] = React.useState<AuthTab>(initialTab);
  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [firstName, setFirstName] = React.useState('');
  const [lastName, setLastName] = React.useState('');
  const [, navigate] = useLocation();
  const signIn = useAuthMutation('signin');
  const register = useAuthMutation('register');
  const mutation = mode === 'signin' ? signIn : register;
  const creating = mode === 'register';
  const tooCommon = useCommonPassword(password, creating);
  const passwordRef = React.useRef<HTMLInputElement>(null);
  useDocumentTitle(creating ? 'Create account' : 'Sign in');

  const changeMode = (next: AuthTab) => {
    setMode(next);
    signIn.reset();
    register.reset();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (tooCommon) {
      passwordRef.current?.focus();
      return;
    }
    mutation.mutate(
      { email, password, firstName, lastName },
      { onSuccess: () => navigate(returnTo, { replace: true }) },
    );
  };

  const error = mutation.error
    ? (serverMessage(mutation.error) ??
      (creating ? 'Could not create the account. Please try again.' : 'Could not sign in. Please try again.'))
    : null;

  return (
    <div className="grid gap-5">
      <TabList idBase="auth" label="Account" items={TABS} value={mode} onValueChange={changeMode} />
      <TabPanel idBase="auth" value={mode}>
        <form className="grid gap-4" onSubmit={onSubmit}>
          {creating && (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="auth-first-name">First name</Label>
                <Input
                  id="auth-first-name"
                  name="firstName"
                  autoComplete="given-name"
                  maxLength={100}
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="auth-last-name">Last name</Label>
                <Input
                  id="auth-last-name"
                  name="lastName"
                  autoComplete="family-name"
                  maxLength={100}
                  value={lastName}
                  onChange={(e) => setLastName(e.target.value)}
                />
              </div>
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor="auth-email">Email</Label>
            <Input
              id="auth-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="auth-password">Password</Label>
            <Input
              ref={passwordRef}
              id="auth-password"
              name="password"
              type="password"
              autoComplete={creating ? 'new-password' : 'current-password'}
              required
              minLength={creating ? PASSWORD_MIN : undefined}
              maxLength={PASSWORD_MAX}
              aria-describedby={creating ? 'auth-password-hint' : undefined}
              aria-invalid={tooCommon || undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {creating && (
              <p
                id="auth-password-hint"
                aria-live="polite"
                className={tooCommon ? 'text-xs font-medium text-red-700' : 'text-xs text-muted-foreground'}
              >
                {tooCommon
                  ? `${COMMON_PASSWORD_MESSAGE}: choose another.`
                  : `At least ${PASSWORD_MIN} characters.`}
              </p>
            )}
          </div>
          {error && <FormAlert>{error}</FormAlert>}
          <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {mutation.isPending
              ? creating
                ? 'Creating account...'
                : 'Signing in...'
              : creating
                ? 'Create account'
                : 'Sign in'}
          </Button>
        </form>
        {!creating && (
          // After the button, so the keyboard goes from the password straight to Sign in.
          <p className="mt-4 text-center text-sm">
            <Link
              href={forgotPasswordPath(email)}
              className={buttonVariants({ variant: 'link', size: 'sm' })}
            >
              Forgot password?
            </Link>
          </p>
        )}
      </TabPanel>
    </div>
  );
}
