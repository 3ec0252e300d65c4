// One circle, full screen on a phone and a dialog on a wider screen: its members, inviting (owner and admins), the
// owner's settings, and leaving. Opened from the list of circles or after joining one.
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import type { Circle } from '../../../common/schemas/circles.ts';
import { circleKeys } from '../../domain/sharing/circles.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { getCircle } from './circles-api.ts';
import { circleErrorMessage, isGone } from './circle-errors.ts';
import { RoleBadge } from './circle-parts.tsx';
import { canInvite } from './circle-rules.ts';
import { CircleSettings } from './circle-settings.tsx';
import { InvitesSection } from './invites-section.tsx';
import { MembersSection } from './members-section.tsx';

/**
 * `known`: what the list (or the join) already said about it, shown at once. `onGone`: it was deleted or left (the
 * panel closes either way). `onCloseAutoFocus`: where focus goes when it closes (by default back to what opened it).
 */
export function CirclePanel({
  circleId,
  known,
  onClose,
  onGone,
  onCloseAutoFocus,
}: {
  circleId: string;
  known?: Circle;
  onClose: () => void;
  onGone?: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const circle = useQuery({
    queryKey: circleKeys.one(circleId),
    queryFn: ({ signal }) => getCircle(circleId, signal),
    placeholderData: known,
  });

  let body: ReactNode;
  if (circle.data) {
    const current = circle.data;
    body = (
      <>
        <MembersSection circle={current} />
        {canInvite(current.role) && <InvitesSection circle={current} />}
        <CircleSettings circle={current} onGone={onGone ?? onClose} />
      </>
    );
  } else if (circle.isError) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-red-800">{circleErrorMessage(circle.error)}</p>
        {!isGone(circle.error) && (
          <Button variant="secondary" onClick={() => void circle.refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex justify-center p-8 text-green-800">
        <Spinner label={t('common.loading')} className="size-8" />
      </div>
    );
  }

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1500] bg-stone-950/50" />
        <RadixDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-0 z-[1500] flex flex-col bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg"
        >
          <div className="flex items-start gap-3 border-b border-stone-200 px-4 py-3">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-lg font-semibold break-words">
                {circle.data?.name ?? t('circles.circle')}
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-stone-700">
                {circle.data ? (
                  <>
                    <span className="sr-only">{t('circles.yourRole')}</span>
                    <RoleBadge role={circle.data.role} />
                    <span>{t('circles.memberCount', { count: circle.data.member_count })}</span>
                  </>
                ) : (
                  t('circles.panelDescription')
                )}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t('common.close')}</Button>
            </RadixDialog.Close>
          </div>
          <div className="flex-1 space-y-8 overflow-y-auto px-4 py-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {body}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
