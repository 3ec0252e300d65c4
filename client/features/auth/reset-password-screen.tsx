// /reset-password?token=… — where the e-mailed reset link lands (through the server). Sets a new password.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/limits.ts';
import { ApiError, errorMessage, requestIdOf } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { resetPassword } from './auth-api.ts';
import { AuthField } from './auth-field.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function ResetPasswordScreen({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const token = params.get('token');
  const [linkBroken, setLinkBroken] = useState(!token || params.has('error'));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setBusy(true);
    try {
      await resetPassword(password, token ?? '');
      toast({ title: t('auth.passwordChangedTitle'), description: t('auth.passwordChangedDescription') });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TOKEN') setLinkBroken(true);
      toast({
        variant: 'destructive',
        title: t('auth.resetFailed'),
        description: errorMessage(error, t('common.somethingWentWrong')),
        requestId: requestIdOf(error),
      });
    } finally {
      setBusy(false);
    }
  }

  if (linkBroken) {
    return (
      <AuthLayout heading={t('auth.resetLinkInvalidHeading')}>
        <p className="mb-4 text-sm text-stone-700">{t('auth.resetLinkInvalid')}</p>
        <Button onClick={onDone} className="w-full">
          {t('auth.backToSignIn')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout heading={t('auth.setNewPasswordHeading')}>
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <AuthField
          label={t('auth.newPassword')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-describedby="password-rules"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id="password-rules" className="-mt-2 text-xs text-stone-700">
          {t('auth.passwordRules', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        </p>
        <AuthField
          label={t('auth.confirmPassword')}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmation}
          aria-invalid={mismatch}
          aria-describedby={mismatch ? 'password-mismatch' : undefined}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setMismatch(false);
          }}
        />
        {mismatch && (
          <p id="password-mismatch" role="alert" className="-mt-2 text-sm text-red-800">
            {t('auth.passwordsDontMatch')}
          </p>
        )}
        <Button type="submit" disabled={busy} aria-busy={busy} className="w-full">
          {busy && <Spinner />}
          {busy ? t('auth.saving') : t('auth.setNewPassword')}
        </Button>
      </form>
      <div className="mt-4 text-center text-sm">
        <button type="button" onClick={onDone} className="text-green-900 underline">
          {t('auth.backToSignIn')}
        </button>
      </div>
    </AuthLayout>
  );
}
