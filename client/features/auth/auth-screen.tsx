// The signed-out screen: sign in, create an account, or ask for a password-reset mail.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError, errorMessage, requestIdOf } from '../../lib/api-client.ts';
import { useSession } from '../../domain/session/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { requestPasswordReset, signIn, signUp, signupInfo, type SignupInfo } from './auth-api.ts';
import { forgetJoin } from '../../domain/session/pending-invite.ts';
import { AuthField } from './auth-field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { Field } from '../../ui/field.tsx';
import { DISPLAY_NAME_MAX } from '../../../common/limits.ts';
import { TwoStepCode } from './two-step-code.tsx';
import { Input } from '../../ui/input.tsx';

type Mode = 'sign-in' | 'sign-up' | 'forgot-password' | 'two-step';

/** How one may join, once known: `unknown` while asking, null when it cannot be told (offline). */
function useSignupInfo(): SignupInfo | null | 'unknown' {
  const [info, setInfo] = useState<SignupInfo | null | 'unknown'>('unknown');
  useEffect(() => {
    const controller = new AbortController();
    void signupInfo(controller.signal).then((known) => {
      if (!controller.signal.aborted) setInfo(known);
    });
    return () => controller.abort();
  }, []);
  return info;
}

/**
 * `notice`: a line above the form saying why the visitor is asked to sign in (a waiting invitation);
 * `inviteToken`: a circle's invitation, where the e-mailed confirmation link is to lead back to; `joinToken`: a
 * server invitation (/join/<token>). Either lets a sign-up through a server that asks for an invitation (ADR 0079).
 */
export function AuthScreen({
  notice,
  inviteToken = null,
  joinToken = null,
}: { notice?: string; inviteToken?: string | null; joinToken?: string | null } = {}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { refresh } = useSession();
  const info = useSignupInfo();
  const policy = info === 'unknown' || info === null ? info : info.policy;
  // Some domains' addresses may always sign up; the screen is not told which (ADR 0079).
  const someDomains = info !== 'unknown' && info !== null && info.someDomains;
  // Who may create an account here: as before where sign-up is open or the policy cannot be told (the server still
  // decides); with an invitation where one is needed; a server invitation even where administrators make accounts;
  // anyone where some domains may, the server telling the rest that they need an invitation.
  const canSignUp =
    policy === null ||
    policy === 'open' ||
    policy === 'approval' ||
    someDomains ||
    (policy === 'invite' && (inviteToken !== null || joinToken !== null)) ||
    (policy !== 'unknown' && joinToken !== null);
  // Under invite or closed, a visitor with no invitation may still be of a listed domain.
  const domainsOnly = someDomains && (policy === 'invite' || policy === 'closed') && !joinToken && !inviteToken;
  const [mode, setMode] = useState<Mode>(joinToken ? 'sign-up' : 'sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const switchMode = (next: Mode) => {
    setMode(next);
    setPassword('');
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      if (mode === 'sign-in') await submitSignIn();
      else if (mode === 'sign-up') await submitSignUp();
      else await submitResetRequest();
    } finally {
      setBusy(false);
    }
  }

  async function submitSignIn() {
    try {
      const answer = await signIn({ email: email.trim(), password }, inviteToken);
      // Two-step sign-in on: the password was right, the code from the app comes next.
      if (answer?.twoFactorRedirect) {
        switchMode('two-step');
        return;
      }
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        toast({
          variant: 'destructive',
          title: t('auth.emailNotVerifiedTitle'),
          description: t('auth.emailNotVerifiedDescription', { email: email.trim() }),
        });
        return;
      }
      toast({
        variant: 'destructive',
        title: t('auth.signInFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
        requestId: requestIdOf(error),
      });
    }
  }

  async function submitSignUp() {
    try {
      await signUp(
        { email: email.trim(), password, ...(name.trim() ? { name: name.trim() } : {}) },
        inviteToken,
        joinToken,
      );
      forgetJoin();
      toast({
        title: t('auth.accountCreatedTitle'),
        // The answer is the same for every sign-up: the policy says whether an administrator approves next.
        // Where some domains need no approval the app cannot tell which without telling everyone the domains: the
        // words hold either way, and the person waiting gets a mail saying so.
        description:
          policy === 'approval' && !joinToken
            ? t(someDomains ? 'auth.accountCreatedApprovalDomains' : 'auth.accountCreatedApproval')
            : t('auth.accountCreatedDescription'),
      });
      setEmail('');
      setName('');
      switchMode('sign-in');
    } catch (error) {
      // Refused where some domains may: this address is not of one, and what the others need.
      const refusedByDomain =
        domainsOnly &&
        error instanceof ApiError &&
        (error.code === 'INVITE_REQUIRED' || error.code === 'SIGNUP_CLOSED');
      toast({
        variant: 'destructive',
        title: t('auth.signUpFailed'),
        description: refusedByDomain
          ? t(policy === 'closed' ? 'auth.domainRefusedClosed' : 'auth.domainRefusedInvite')
          : errorMessage(error, t('common.somethingWentWrong')),
        requestId: requestIdOf(error),
      });
    }
  }

  async function submitResetRequest() {
    try {
      await requestPasswordReset(email.trim());
      toast({ title: t('auth.resetSentTitle'), description: t('auth.resetSentDescription', { email: email.trim() }) });
      switchMode('sign-in');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('auth.resetRequestFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
        requestId: requestIdOf(error),
      });
    }
  }

  if (mode === 'two-step') {
    return (
      <AuthLayout heading={t('twoStep.codeHeading')} notice={notice}>
        <TwoStepCode onRestart={() => switchMode('sign-in')} />
      </AuthLayout>
    );
  }

  const heading =
    mode === 'sign-in'
      ? t('auth.signInHeading')
      : mode === 'sign-up'
        ? t('auth.signUpHeading')
        : t('auth.forgotPasswordHeading');
  const submitLabel =
    mode === 'sign-in' ? t('auth.signIn') : mode === 'sign-up' ? t('auth.createAccount') : t('auth.sendResetLink');
  const busyLabel =
    mode === 'sign-in' ? t('auth.signingIn') : mode === 'sign-up' ? t('auth.creatingAccount') : t('auth.sending');

  return (
    <AuthLayout heading={heading} notice={notice}>
      {mode === 'forgot-password' && <p className="mb-4 text-sm text-stone-700">{t('auth.forgotPasswordHelp')}</p>}
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <AuthField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete={mode === 'sign-up' ? 'email' : 'username'}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {mode === 'sign-up' && (
          <Field label={t('account.signUpName')} hint={t('account.signUpNameHint')}>
            {(id, describedBy) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                name="name"
                autoComplete="nickname"
                maxLength={DISPLAY_NAME_MAX}
                className="shadow-sm"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
        )}
        {mode !== 'forgot-password' && (
          <AuthField
            label={t('auth.password')}
            type="password"
            name="password"
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <Button type="submit" disabled={busy} aria-busy={busy} className="w-full">
          {busy && <Spinner />}
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>

      <div className="mt-4 space-y-2 text-center text-sm">
        {mode === 'sign-in' && (
          <button type="button" onClick={() => switchMode('forgot-password')} className="text-green-900 underline">
            {t('auth.forgotPassword')}
          </button>
        )}
        {(canSignUp || mode !== 'sign-in') && (
          <p>
            {mode === 'sign-up' ? t('auth.haveAccount') : mode === 'sign-in' ? t('auth.noAccount') : ''}{' '}
            <button
              type="button"
              onClick={() => switchMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
              className="font-medium text-green-900 underline"
            >
              {mode === 'sign-in' ? t('auth.switchToSignUp') : t('auth.switchToSignIn')}
            </button>
          </p>
        )}
        {mode === 'sign-in' && !canSignUp && policy !== 'unknown' && (
          <p className="text-stone-700" data-testid="signup-policy">
            {policy === 'closed' ? t('auth.policyClosed') : t('auth.policyInvite')}
          </p>
        )}
        {mode !== 'forgot-password' && domainsOnly && (
          <p className="text-stone-700" data-testid="signup-policy">
            {t(policy === 'closed' ? 'auth.policyDomainsClosed' : 'auth.policyDomainsInvite')}
          </p>
        )}
        {mode === 'sign-up' && policy === 'approval' && !joinToken && (
          <p className="text-stone-700" data-testid="signup-policy">
            {t(someDomains ? 'auth.policyApprovalDomains' : 'auth.policyApproval')}
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
