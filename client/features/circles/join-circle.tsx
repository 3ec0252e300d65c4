// The answer to an invitation link (/invite/<token>), once signed in: "Join <circle>?" with who invited, Join and
// Not now. Looking at the invitation never joins (GET); only Join does (POST). A link that expired, was used up or
// revoked, or never was, says so. After joining, or for someone already in the circle, the circle opens.
// One lazy chunk, loaded by the main screen only when an invitation is waiting.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import type { Circle } from '../../../common/schemas/circles.ts';
import { shownName } from '../../domain/session/display-name.ts';
import { ApiError, requestIdOf } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { acceptInvite, previewInvite } from './circles-api.ts';
import { circleErrorMessage } from './circle-errors.ts';
import { useCirclesChanged } from './circle-parts.tsx';
import { inviteProblem, type InviteProblem } from './circle-rules.ts';
import { CirclePanel } from './circle-panel.tsx';

/**
 * `onAnswered`: joined (or already in): a reload must not ask again, even with the circle still open. `onClose`: the
 * question is answered (or the link does not work) and whatever it opened is closed.
 */
export default function JoinCircle({
  token,
  onAnswered,
  onClose,
}: {
  token: string;
  onAnswered: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const changed = useCirclesChanged();
  const [joining, setJoining] = useState(false);
  // Set when the link turned out not to work on Join (used up between the look and the answer, say).
  const [lateProblem, setLateProblem] = useState<InviteProblem | null>(null);
  const [opened, setOpened] = useState<{ id: string; known?: Circle } | null>(null);
  const preview = useQuery({
    // Not under ['circles']: refreshing the circles must not look at the invitation again.
    queryKey: ['invite', token],
    queryFn: ({ signal }) => previewInvite(token, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  const alreadyMember = preview.data?.already_member ? preview.data.circle : null;
  const announced = useRef(false);

  useEffect(
    function openTheCircleForAMember() {
      if (!alreadyMember || announced.current) return;
      announced.current = true;
      onAnswered();
      toast({ title: t('circles.join.alreadyMember', { circle: alreadyMember.name }) });
      setOpened({ id: alreadyMember.id });
    },
    [alreadyMember, onAnswered, t, toast],
  );

  async function join() {
    setJoining(true);
    try {
      const circle = await acceptInvite(token);
      onAnswered();
      toast({ title: t('circles.join.joined', { circle: circle.name }) });
      setOpened({ id: circle.id, known: circle });
      await changed({ spots: true });
    } catch (error) {
      const problem = error instanceof ApiError ? inviteProblem(error) : null;
      if (problem) setLateProblem(problem);
      else
        toast({
          variant: 'destructive',
          title: t('circles.join.failed'),
          description: circleErrorMessage(error, 'link'),
          requestId: requestIdOf(error),
        });
    } finally {
      setJoining(false);
    }
  }

  if (opened) return <CirclePanel circleId={opened.id} known={opened.known} onClose={onClose} />;

  const problem = lateProblem ?? (preview.error instanceof ApiError ? inviteProblem(preview.error) : null);
  if (problem) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('circles.join.notWorkingTitle')}
        description={t(`circles.invite.${problem}`)}
      >
        <div className="flex justify-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </div>
      </Dialog>
    );
  }

  if (preview.isError) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('circles.join.checkFailedTitle')}
        description={circleErrorMessage(preview.error, 'link')}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('circles.join.notNow')}
          </Button>
          <Button onClick={() => void preview.refetch()} disabled={preview.isFetching} aria-busy={preview.isFetching}>
            {preview.isFetching && <Spinner />}
            {t('common.retry')}
          </Button>
        </div>
      </Dialog>
    );
  }

  if (!preview.data || alreadyMember) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('circles.join.checkingTitle')}
        description={t('circles.join.checking')}
      >
        <div className="flex justify-center text-green-800">
          <Spinner label={t('common.loading')} className="size-8" />
        </div>
      </Dialog>
    );
  }

  const { circle, invited_by: invitedBy } = preview.data;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !joining && onClose()}
      title={t('circles.join.question', { circle: circle.name })}
      description={t('circles.join.invitedBy', { name: shownName(invitedBy, t) })}
    >
      <p className="text-sm text-stone-800">{t('circles.join.explain')}</p>
      {/* Join first: it is what the link was opened for, and where focus starts. */}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Button onClick={() => void join()} disabled={joining} aria-busy={joining}>
          {joining && <Spinner />}
          {t('circles.join.join')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={joining}>
          {t('circles.join.notNow')}
        </Button>
      </div>
    </Dialog>
  );
}
