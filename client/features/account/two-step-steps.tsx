// The steps of turning two-step sign-in on or changing it (two-step-section.tsx holds which one is shown): the
// password asked first, the QR code or key with the first code from the app, and the recovery codes, shown once.
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { manualKey } from './two-step-api.ts';

/** What the password is asked for. */
export type Purpose = 'enable' | 'codes' | 'disable';

/** A labelled text input, as on the sign-in screen. */
function LabelledInput({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  return <Field label={label}>{(id) => <Input id={id} required className="shadow-sm" {...input} />}</Field>;
}

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A step's submit button, with a spinner while it works, and its Cancel. */
function StepActions({
  submit,
  destructive = false,
  busy,
  onCancel,
}: {
  submit: string;
  destructive?: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={busy} aria-busy={busy}>
        {busy && <Spinner />}
        {submit}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {t('twoStep.cancel')}
      </Button>
    </div>
  );
}

export function PasswordStep({
  purpose,
  onSubmit,
  onCancel,
}: {
  purpose: Purpose;
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { busy, run } = useBusy();
  const help =
    purpose === 'enable'
      ? t('twoStep.passwordForEnable')
      : purpose === 'codes'
        ? t('twoStep.passwordForCodes')
        : t('twoStep.passwordForDisable');
  return (
    <form onSubmit={(event) => void run(() => onSubmit(password))(event)} className="space-y-3">
      <p className="text-sm text-stone-700">{help}</p>
      <LabelledInput
        label={t('twoStep.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <StepActions
        submit={purpose === 'disable' ? t('twoStep.turnOff') : t('twoStep.continue')}
        destructive={purpose === 'disable'}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}

export function ScanStep({
  uri,
  onSubmit,
  onCancel,
}: {
  uri: string;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [code, setCode] = useState('');
  const { busy, run } = useBusy();
  const key = manualKey(uri);
  const copyKey = () =>
    navigator.clipboard.writeText(key.replace(/ /g, '')).then(
      () => toast({ title: t('twoStep.keyCopied') }),
      () => toast({ variant: 'destructive', title: t('twoStep.copyFailed') }),
    );
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-stone-800">
        <li className="space-y-2">
          <p>{t('twoStep.scanHelp')}</p>
          <QrCode text={uri} label={t('twoStep.qrLabel')} />
          <p>{t('twoStep.manualHelp')}</p>
          <p className="flex flex-wrap items-center gap-2">
            <code
              aria-label={t('twoStep.manualKey')}
              className="rounded bg-stone-100 px-2 py-1 font-mono text-sm break-all"
            >
              {key}
            </code>
            <Button variant="secondary" onClick={() => void copyKey()}>
              {t('twoStep.copyKey')}
            </Button>
          </p>
        </li>
        <li>
          <form onSubmit={(event) => void run(() => onSubmit(code.trim()))(event)} className="space-y-3">
            <LabelledInput
              label={t('twoStep.firstCodeLabel')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <StepActions submit={t('twoStep.confirmTurnOn')} busy={busy} onCancel={onCancel} />
          </form>
        </li>
      </ol>
    </div>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const text = `${t('twoStep.codesFileHeading')}\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast({ title: t('twoStep.codesCopied') }),
      () => toast({ variant: 'destructive', title: t('twoStep.copyFailed') }),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'foray-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-stone-900">{t('twoStep.codesTitle')}</p>
      <p className="text-sm text-stone-700">{t('twoStep.codesHelp')}</p>
      <ul
        aria-label={t('twoStep.codesTitle')}
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded bg-stone-100 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('twoStep.copyCodes')}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t('twoStep.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('twoStep.codesSaved')}</Button>
      </div>
    </div>
  );
}
