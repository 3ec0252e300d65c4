// The account page's "Two-step sign-in" section (ADR 0038): turn it on (password → scan the QR code or type the
// key → the first code from the app → the recovery codes, shown once), make new recovery codes, turn it off.
// Complete on its own: it asks the server for its state and needs nothing from the page around it.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import {
  confirmTwoStep,
  newRecoveryCodes,
  startTwoStep,
  turnOffTwoStep,
  twoStepErrorMessage,
  twoStepStatus,
} from './two-step-api.ts';
import { PasswordStep, RecoveryCodes, ScanStep, type Purpose } from './two-step-steps.tsx';
import { requestIdOf } from '../../lib/api-client.ts';

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
    toast({ variant: 'destructive', title, description: twoStepErrorMessage(error), requestId: requestIdOf(error) });

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
