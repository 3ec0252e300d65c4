// The owner's part of a circle (rename, hand over to a member, delete) and everyone else's way out (leave). Deleting
// and leaving ask first and say what happens to the spots shared through the circle.
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import { CIRCLE_NAME_MAX } from '../../../common/limits.ts';
import type { Circle, Member } from '../../../common/schemas/circles.ts';
import { circleKeys } from '../../domain/sharing/circles.ts';
import { shownName } from '../../domain/session/display-name.ts';
import { useMe } from '../../domain/session/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { deleteCircle, handOverCircle, listMembers, removeMember, renameCircle } from './circles-api.ts';
import { circleErrorMessage } from './circle-errors.ts';
import { ConfirmDialog, PanelSection, useCircleAction, useCirclesChanged } from './circle-parts.tsx';
import { canLeave, canManageCircle, sortMembers } from './circle-rules.ts';
import { requestIdOf } from '../../lib/api-client.ts';

/** `onGone`: the circle is no longer the forager's to see (deleted, or left). */
export function CircleSettings({ circle, onGone }: { circle: Circle; onGone: () => void }) {
  return canManageCircle(circle.role) ? (
    <>
      <RenameSection circle={circle} />
      <HandOverSection circle={circle} />
      <LeaveSection circle={circle} onGone={onGone} />
      <DeleteSection circle={circle} onGone={onGone} />
    </>
  ) : (
    <LeaveSection circle={circle} onGone={onGone} />
  );
}

function RenameSection({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  const toast = useToast();
  const changed = useCirclesChanged();
  const { busy, run } = useCircleAction();
  const [name, setName] = useState(circle.name);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const renamed = await renameCircle(circle.id, name.trim());
      setName(renamed.name);
      toast({ title: t('circles.renamed', { circle: renamed.name }) });
      await changed();
    }, t('circles.renameFailed'));
  }

  return (
    <PanelSection title={t('circles.renameTitle')}>
      <form onSubmit={submit} className="space-y-3">
        <Field label={t('circles.nameLabel')}>
          {(id) => (
            <Input
              id={id}
              required
              maxLength={CIRCLE_NAME_MAX}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={busy || name.trim() === circle.name} aria-busy={busy}>
          {busy && <Spinner />}
          {t('circles.rename')}
        </Button>
      </form>
    </PanelSection>
  );
}

function HandOverSection({ circle }: { circle: Circle }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const toast = useToast();
  const changed = useCirclesChanged();
  // The same list the members section reads: one request for both.
  const members = useQuery({
    queryKey: circleKeys.members(circle.id),
    queryFn: ({ signal }) => listMembers(circle.id, signal),
  });
  const others = sortMembers(members.data ?? [], i18n.resolvedLanguage).filter((member) => member.user_id !== me.id);
  const [chosenId, setChosenId] = useState('');
  const [asking, setAsking] = useState<Member | null>(null);
  const chosen = others.find((member) => member.user_id === chosenId) ?? null;

  return (
    <PanelSection title={t('circles.handOverTitle')}>
      <p className="mb-3 text-sm text-stone-800">{t('circles.handOverExplain')}</p>
      {members.isSuccess && others.length === 0 ? (
        <p className="text-sm text-stone-700">{t('circles.handOverNobody')}</p>
      ) : (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) setAsking(chosen);
          }}
        >
          <Field label={t('circles.newOwner')}>
            {(id) => (
              <Select id={id} required value={chosenId} onChange={(event) => setChosenId(event.target.value)}>
                <option value="">{t('circles.chooseMember')}</option>
                {others.map((member) => (
                  <option key={member.user_id} value={member.user_id}>
                    {shownName(member.name, t)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={!chosen}>
            {t('circles.handOver')}
          </Button>
        </form>
      )}
      {asking && (
        <ConfirmDialog
          title={t('circles.handOverQuestion', { circle: circle.name, name: shownName(asking.name, t) })}
          description={t('circles.handOverConfirmExplain', { name: shownName(asking.name, t) })}
          confirmLabel={t('circles.handOver')}
          onCancel={() => setAsking(null)}
          onConfirm={async () => {
            try {
              await handOverCircle(circle.id, asking.user_id);
            } catch (error) {
              toast({
                variant: 'destructive',
                title: t('circles.handOverFailed'),
                description: circleErrorMessage(error),
                requestId: requestIdOf(error),
              });
              return;
            }
            toast({ title: t('circles.handedOver', { circle: circle.name, name: shownName(asking.name, t) }) });
            setAsking(null);
            setChosenId('');
            await changed();
          }}
        />
      )}
    </PanelSection>
  );
}

function DeleteSection({ circle, onGone }: { circle: Circle; onGone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const changed = useCirclesChanged();
  const [asking, setAsking] = useState(false);
  return (
    <PanelSection title={t('circles.deleteTitle')} danger>
      <p className="mb-3 text-sm text-stone-800">{t('circles.deleteExplain')}</p>
      <Button variant="destructive" onClick={() => setAsking(true)}>
        {t('circles.delete')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('circles.deleteQuestion', { circle: circle.name })}
          description={t('circles.deleteExplain')}
          confirmLabel={t('circles.delete')}
          destructive
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            try {
              await deleteCircle(circle.id);
            } catch (error) {
              toast({
                variant: 'destructive',
                title: t('circles.deleteFailed'),
                description: circleErrorMessage(error),
                requestId: requestIdOf(error),
              });
              return;
            }
            toast({ title: t('circles.deleted', { circle: circle.name }) });
            setAsking(false);
            onGone();
            await changed({ spots: true, gone: circle.id });
          }}
        />
      )}
    </PanelSection>
  );
}

function LeaveSection({ circle, onGone }: { circle: Circle; onGone: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const toast = useToast();
  const changed = useCirclesChanged();
  const [asking, setAsking] = useState(false);
  if (!canLeave(circle.role)) {
    // The owner is told the way out rather than refused after asking.
    return (
      <PanelSection title={t('circles.leaveTitle')}>
        <p className="text-sm text-stone-800">{t('circles.ownerLeaves')}</p>
      </PanelSection>
    );
  }
  return (
    <PanelSection title={t('circles.leaveTitle')}>
      <p className="mb-3 text-sm text-stone-800">{t('circles.leaveExplain')}</p>
      <Button variant="secondary" className="text-red-800" onClick={() => setAsking(true)}>
        {t('circles.leave')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('circles.leaveQuestion', { circle: circle.name })}
          description={t('circles.leaveExplain')}
          confirmLabel={t('circles.leave')}
          destructive
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            try {
              await removeMember(circle.id, me.id);
            } catch (error) {
              toast({
                variant: 'destructive',
                title: t('circles.leaveFailed'),
                description: circleErrorMessage(error),
                requestId: requestIdOf(error),
              });
              return;
            }
            toast({ title: t('circles.left', { circle: circle.name }) });
            setAsking(false);
            onGone();
            await changed({ spots: true, gone: circle.id });
          }}
        />
      )}
    </PanelSection>
  );
}
