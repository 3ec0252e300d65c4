// A circle's members: display names and roles, never e-mails (the API has none to give). The owner makes and unmakes
// admins; the owner and admins remove members, after a question.
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import type { Circle, Member } from '../../../common/schemas/circles.ts';
import { circleKeys } from '../../domain/sharing/circles.ts';
import { shownName } from '../../domain/session/display-name.ts';
import { useMe } from '../../domain/session/session.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { listMembers, removeMember, setMemberRole } from './circles-api.ts';
import { circleErrorMessage } from './circle-errors.ts';
import { ConfirmDialog, PanelSection, RoleBadge, useCircleAction, useCirclesChanged } from './circle-parts.tsx';
import { memberActions, sortMembers } from './circle-rules.ts';
import { requestIdOf } from '../../lib/api-client.ts';

export function MembersSection({ circle }: { circle: Circle }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const members = useQuery({
    queryKey: circleKeys.members(circle.id),
    queryFn: ({ signal }) => listMembers(circle.id, signal),
  });
  const [removing, setRemoving] = useState<Member | null>(null);
  const toast = useToast();
  const changed = useCirclesChanged();

  return (
    <PanelSection title={t('circles.membersTitle', { count: members.data?.length ?? circle.member_count })}>
      {members.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : members.isError ? (
        <div className="space-y-2">
          <p className="text-sm text-red-800">{circleErrorMessage(members.error)}</p>
          <Button variant="secondary" onClick={() => void members.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-md border border-stone-200">
          {sortMembers(members.data, i18n.resolvedLanguage).map((member) => (
            <MemberRow
              key={member.user_id}
              circle={circle}
              member={member}
              isMe={member.user_id === me.id}
              onRemove={() => setRemoving(member)}
            />
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title={t('circles.removeQuestion', { name: shownName(removing.name, t), circle: circle.name })}
          description={t('circles.removeExplain', { name: shownName(removing.name, t) })}
          confirmLabel={t('circles.remove')}
          destructive
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await removeMember(circle.id, removing.user_id);
            } catch (error) {
              toast({
                variant: 'destructive',
                title: t('circles.removeFailed'),
                description: circleErrorMessage(error),
                requestId: requestIdOf(error),
              });
              return;
            }
            toast({ title: t('circles.removed', { name: shownName(removing.name, t) }) });
            setRemoving(null);
            await changed({ spots: true });
          }}
        />
      )}
    </PanelSection>
  );
}

function MemberRow({
  circle,
  member,
  isMe,
  onRemove,
}: {
  circle: Circle;
  member: Member;
  isMe: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const toast = useToast();
  const changed = useCirclesChanged();
  const { busy, run } = useCircleAction();
  const can = memberActions({ id: me.id, role: circle.role }, member);

  const changeRole = (role: 'admin' | 'member') =>
    void run(async () => {
      await setMemberRole(circle.id, member.user_id, role);
      toast({
        title:
          role === 'admin'
            ? t('circles.madeAdmin', { name: shownName(member.name, t) })
            : t('circles.unmadeAdmin', { name: shownName(member.name, t) }),
      });
      await changed();
    }, t('circles.roleFailed'));

  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium break-words">{shownName(member.name, t)}</span>
        {isMe && <span className="text-sm text-stone-700">{t('circles.you')}</span>}
        <RoleBadge role={member.role} />
      </div>
      {(can.makeAdmin || can.unmakeAdmin || can.remove) && (
        <div className="flex flex-wrap gap-2">
          {can.makeAdmin && (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              disabled={busy}
              aria-label={t('circles.makeAdminOf', { name: shownName(member.name, t) })}
              onClick={() => changeRole('admin')}
            >
              {t('circles.makeAdmin')}
            </Button>
          )}
          {can.unmakeAdmin && (
            <Button
              variant="secondary"
              className="px-3 py-1.5"
              disabled={busy}
              aria-label={t('circles.unmakeAdminOf', { name: shownName(member.name, t) })}
              onClick={() => changeRole('member')}
            >
              {t('circles.unmakeAdmin')}
            </Button>
          )}
          {can.remove && (
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-red-800"
              disabled={busy}
              aria-label={t('circles.removeMember', { name: shownName(member.name, t) })}
              onClick={onRemove}
            >
              {t('circles.remove')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
