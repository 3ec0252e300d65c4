// The second step of signing in, for accounts with two-step sign-in on (ADR 0038): a code from the
// authenticator app, or one of the recovery codes. Small on purpose: it ships with the sign-in screen.
import { useState, type FormEvent } from 'react';
import { i18n } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError, errorMessage, requestIdOf } from '../../lib/api-client.ts';
import { useSession } from '../../domain/session/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { verifySignInCode } from './auth-api.ts';
import { AuthField } from './auth-field.tsx';

/** Answers after which this code step is over: the password must be given again. */
const STEP_OVER = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

/**
 * The words for a refused code: this feature's own, then the app's general ones. The account section has the same
 * few lines (features/account/two-step-api.ts): sharing one module with it would split the sign-in bundle in parts.
 */
function twoStepErrorMessage(error: unknown): string {
  const key = error instanceof ApiError ? `twoStep.error.${error.code}` : '';
  if (key && i18n.exists(key)) return i18n.t(key as never);
  return errorMessage(error, i18n.t('common.somethingWentWrong'));
}

export function TwoStepCode({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { refresh } = useSession();
  const [kind, setKind] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await verifySignInCode(code.trim(), kind);
      await refresh();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('twoStep.codeFailed'),
        description: twoStepErrorMessage(error),
        requestId: requestIdOf(error),
      });
      setCode('');
      if (error instanceof ApiError && STEP_OVER.has(error.code)) onRestart();
    } finally {
      setBusy(false);
    }
  }

  const switchKind = () => {
    setKind(kind === 'app' ? 'recovery' : 'app');
    setCode('');
  };

  return (
    <>
      <p className="mb-4 text-sm text-stone-700">
        {kind === 'app' ? t('twoStep.codeHelp') : t('twoStep.recoveryHelp')}
      </p>
      <form onSubmit={(event) => void submit(event)} className="space-y-4">
        {kind === 'app' ? (
          <AuthField
            key="app"
            label={t('twoStep.codeLabel')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : (
          <AuthField
            key="recovery"
            label={t('twoStep.recoveryLabel')}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <Button type="submit" disabled={busy} aria-busy={busy} className="w-full">
          {busy && <Spinner />}
          {busy ? t('twoStep.checking') : t('twoStep.confirmSignIn')}
        </Button>
      </form>
      <div className="mt-4 space-y-2 text-center text-sm">
        <button type="button" onClick={switchKind} className="text-green-900 underline">
          {kind === 'app' ? t('twoStep.useRecoveryCode') : t('twoStep.useAppCode')}
        </button>
        <p>
          <button type="button" onClick={onRestart} className="font-medium text-green-900 underline">
            {t('twoStep.backToPassword')}
          </button>
        </p>
      </div>
    </>
  );
}
