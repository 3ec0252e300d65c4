// The account page's "Two-step sign-in" section (ADR 0038): turn it on (password → scan the QR code or type the
// key → the first code from the app → the recovery codes, shown once), make new recovery codes, turn it off.
// Complete on its own: it asks the server for its state and needs nothing from the page around it.
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { Field } from '../../ui/field.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import {
  confirmTwoStep,
  manualKey,
  newRecoveryCodes,
  startTwoStep,
  turnOffTwoStep,
  twoStepErrorMessage,
  twoStepStatus,
} from './two-step-api.ts';
import { Input } from '../../ui/input.tsx';

type Purpose = 'enable' | 'codes' | 'disable';
type Stage =
  | { step: 'idle' }
  | { step: 'password'; purpose: Purpose }
  | { step: 'scan'; uri: string; codes: string[] }
  | { step: 'codes'; codes: string[] };

export function TwoStepSection(_props: { email?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [stage, setStage] = useState<Stage>({ step: 'idle' });

  useEffect(() => {
    let cancelled = false;
    twoStepStatus().then(
      (on) => !cancelled && setEnabled(on),
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const fail = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: twoStepErrorMessage(error) });

  async function withPassword(purpose: Purpose, password: string) {
    try {
      if (purpose === 'enable') {
        const { totpURI, backupCodes } = await startTwoStep(password);
        setStage({ step: 'scan', uri: totpURI, codes: backupCodes });
      } else if (purpose === 'codes') {
        const { backupCodes } = await newRecoveryCodes(password);
        setStage({ step: 'codes', codes: backupCodes });
        toast({ title: t('twoStep.newCodesMade') });
      } else {
        await turnOffTwoStep(password);
        setEnabled(false);
        setStage({ step: 'idle' });
        toast({ title: t('twoStep.turnedOff') });
      }
    } catch (error) {
      fail(t('twoStep.failed'))(error);
    }
  }

  async function confirm(code: string, codes: string[]) {
    try {
      await confirmTwoStep(code);
      setEnabled(true);
      setStage({ step: 'codes', codes });
      toast({ title: t('twoStep.turnedOn') });
    } catch (error) {
      fail(t('twoStep.codeFailed'))(error);
    }
  }

  let body: ReactNode;
  if (loadFailed) body = <p className="text-sm text-red-800">{t('twoStep.loadFailed')}</p>;
  else if (enabled === null) body = <Spinner />;
  else if (stage.step === 'password') {
    body = (
      <PasswordStep
        purpose={stage.purpose}
        onSubmit={(password) => withPassword(stage.purpose, password)}
        onCancel={() => setStage({ step: 'idle' })}
      />
    );
  } else if (stage.step === 'scan') {
    body = (
      <ScanStep
        uri={stage.uri}
        onSubmit={(code) => confirm(code, stage.codes)}
        onCancel={() => setStage({ step: 'idle' })}
      />
    );
  } else if (stage.step === 'codes') {
    body = <RecoveryCodes codes={stage.codes} onDone={() => setStage({ step: 'idle' })} />;
  } else if (enabled) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-stone-800">
          <span className="font-medium text-green-900">{t('twoStep.statusOn')}</span> {t('twoStep.statusOnHelp')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setStage({ step: 'password', purpose: 'codes' })}>
            {t('twoStep.makeNewCodes')}
          </Button>
          <Button variant="destructive" onClick={() => setStage({ step: 'password', purpose: 'disable' })}>
            {t('twoStep.turnOff')}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-stone-800">
          <span className="font-medium">{t('twoStep.statusOff')}</span> {t('twoStep.statusOffHelp')}
        </p>
        <Button onClick={() => setStage({ step: 'password', purpose: 'enable' })}>{t('twoStep.turnOn')}</Button>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold">
        {t('twoStep.title')}
      </h2>
      {body}
    </section>
  );
}
export default TwoStepSection;

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

function PasswordStep({
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
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={purpose === 'disable' ? 'destructive' : 'primary'}
          disabled={busy}
          aria-busy={busy}
        >
          {busy && <Spinner />}
          {purpose === 'disable' ? t('twoStep.turnOff') : t('twoStep.continue')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('twoStep.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
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
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy && <Spinner />}
                {t('twoStep.confirmTurnOn')}
              </Button>
              <Button variant="secondary" onClick={onCancel}>
                {t('twoStep.cancel')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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
