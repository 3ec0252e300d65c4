// The owner chooses who sees a spot and how exactly (issue #20, ADR 0053): only them, the members of some of their
// circles, or everyone; exactly, or within about 1 km or 10 km. The dialog says it in a sentence and shows it on a
// small map. Saved as an edit through the outbox, like every change: with no signal it waits on the device. With
// signal the dialog stays until the server has it, then says who can see the spot now, or what the server refused.
// Loaded when first opened.
import { useEffect, useId, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Audience, Precision } from '../../../common/schemas/spots.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import { useOutbox } from '../../domain/offline/outbox-provider.tsx';
import { sharingOf, type Sharing } from '../../domain/sharing/sharing.ts';
import { narrows, sharingPatch } from '../../domain/sharing/sharing-choice.ts';
import { CircleChecklist, sharingProblem, useWhoSees } from '../../domain/sharing/sharing-fields.tsx';
import { codeMessage } from '../../lib/api-client.ts';
import { isOnline } from '../../lib/connectivity.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogClose } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { SharePreviewMap } from './share-preview-map.tsx';

/** With signal but no answer by then, the dialog closes and the change goes when it can, as with no signal. */
const CONFIRM_WITHIN_MS = 10_000;

export default function ShareDialog({ spot, onClose }: { spot: ShownSpot; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const outbox = useOutbox();
  const [choice, setChoice] = useState<Sharing>(() => sharingOf(spot));
  const [circlesError, setCirclesError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Sent, with the sentence to confirm once the server has it. */
  const [sending, setSending] = useState<{ sentence: string } | null>(null);
  const sentence = useWhoSees(choice);
  const sentenceId = useId();
  const groupId = useId();
  const set = (change: Partial<Sharing>) => {
    setChoice((current) => ({ ...current, ...change }));
    setCirclesError(null);
  };

  useEffect(
    function confirmOnceTheServerAnswers() {
      if (!sending) return;
      const waiting = outbox.entries.filter((entry) => entry.spotId === spot.id);
      const refused = waiting.find((entry) => entry.status === 'failed');
      if (refused) {
        toast({
          variant: 'destructive',
          title: t('sharing.sharingUpdatedError'),
          description: codeMessage(refused.error ?? { code: '', message: '' }, t('common.somethingWentWrong')),
          requestId: refused.error?.request_id,
        });
        onClose();
      } else if (waiting.length === 0) {
        toast({ title: t('sharing.sharingUpdatedSuccess'), description: sending.sentence });
        onClose();
      }
    },
    // Once per change of what waits: the toast and the words are those of when it was sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sending, outbox.entries],
  );
  useEffect(
    function stopWaitingAfterAWhile() {
      if (!sending) return;
      const timer = setTimeout(() => {
        toast({
          title: t('sharing.sharingUpdatedSuccess'),
          description: `${sending.sentence} ${t('offline.changeWaitsDescription')}`,
        });
        onClose();
      }, CONFIRM_WITHIN_MS);
      return () => clearTimeout(timer);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per send
    [sending],
  );

  async function handleUpdate() {
    const problem = sharingProblem(choice);
    if (problem) {
      setCirclesError(t(problem));
      return;
    }
    const patch = sharingPatch(sharingOf(spot), choice);
    if (Object.keys(patch).length === 0) {
      toast({ title: t('edit.noChanges') });
      onClose();
      return;
    }
    setBusy(true);
    try {
      // The edit path: made on the version shown, so a change made elsewhere meanwhile is compared, not overwritten.
      await outbox.record({ kind: 'edit', spotId: spot.id, patch, baseVersion: spot.version });
    } catch {
      setBusy(false);
      toast({
        variant: 'destructive',
        title: t('sharing.sharingUpdatedError'),
        description: t('offline.deviceStorageFailed'),
      });
      return;
    }
    if (isOnline()) {
      setSending({ sentence });
      return;
    }
    toast({
      title: t('sharing.sharingUpdatedSuccess'),
      description: `${sentence} ${t('offline.changeWaitsDescription')}`,
    });
    onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('sharing.dialogTitle')}
      description={t('sharing.dialogDescription', {
        title: spot.mushroom_types || t(`locationTypes.${spot.type}`),
      })}
    >
      {/* A phone's screen is shorter than the dialog: the choices scroll, the buttons stay in reach. */}
      <div className="-mx-1 max-h-[60dvh] space-y-4 overflow-y-auto px-1 pb-1">
        <fieldset disabled={busy} className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t('form.sharing')}</legend>
          {(['private', 'circles', 'public'] as const).map((audience) => (
            <Choice
              key={audience}
              name={`${groupId}-audience`}
              checked={choice.audience === audience}
              onCheck={() => set({ audience })}
              label={audienceLabel(audience, t)}
              hint={audienceHint(audience, t)}
            />
          ))}
        </fieldset>
        {choice.audience === 'circles' && (
          <CircleChecklist
            selected={choice.circle_ids}
            onChange={(circle_ids) => set({ circle_ids })}
            error={circlesError}
          />
        )}
        {choice.audience !== 'private' && (
          <fieldset disabled={busy} className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">{t('sharing.precisionLabel')}</legend>
            {(['exact', '1km', '10km'] as const).map((precision) => (
              <Choice
                key={precision}
                name={`${groupId}-precision`}
                checked={choice.precision === precision}
                onCheck={() => set({ precision })}
                label={precisionLabel(precision, t)}
              />
            ))}
          </fieldset>
        )}
        <p id={sentenceId} aria-live="polite" className="rounded-md bg-green-50 p-2 text-sm font-medium text-green-950">
          {sentence}
        </p>
        {choice.audience !== 'private' && (
          <SharePreviewMap latitude={spot.latitude} longitude={spot.longitude} precision={choice.precision} />
        )}
        {narrows(sharingOf(spot), choice) && (
          <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">{t('sharing.alreadySeen')}</p>
        )}
        <p className="text-xs text-stone-700">{t('sharing.offlineDevices')}</p>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button onClick={() => void handleUpdate()} disabled={busy} aria-busy={busy} aria-describedby={sentenceId}>
          {busy && <Spinner />}
          {sending ? t('sharing.saving') : t('sharing.update')}
        </Button>
      </div>
    </Dialog>
  );
}

function audienceLabel(audience: Audience, t: TFunction): string {
  if (audience === 'circles') return t('sharing.circles');
  return audience === 'public' ? t('sharing.public') : t('sharing.private');
}

function audienceHint(audience: Audience, t: TFunction): string {
  if (audience === 'circles') return t('sharing.circlesHint');
  return audience === 'public' ? t('sharing.publicHint') : t('sharing.privateHint');
}

function precisionLabel(precision: Precision, t: TFunction): string {
  if (precision === '1km') return t('sharing.precision.1km');
  return precision === '10km' ? t('sharing.precision.10km') : t('sharing.precision.exact');
}

/** One radio button named by its label, with a line under it that is read as its description. */
function Choice({
  name,
  checked,
  onCheck,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onCheck: () => void;
  label: string;
  hint?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="radio"
        name={name}
        checked={checked}
        onChange={onCheck}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0"
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-stone-700">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
