// An invitation's terms in words: until when it works, how many have joined with it (of how many), and the address
// it was sent to, which only the circle's owner and admins see.
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Invite } from '../../../common/schemas/circles.ts';

export function useInviteWords() {
  const { t, i18n } = useTranslation();
  const until = (invite: Pick<Invite, 'expires_at'>) =>
    t('circles.validUntil', {
      when: new Date(invite.expires_at).toLocaleString(i18n.resolvedLanguage, {
        dateStyle: 'long',
        timeStyle: 'short',
      }),
    });
  const uses = (invite: Pick<Invite, 'uses' | 'max_uses'>) =>
    invite.max_uses === null
      ? t('circles.usesNoLimit', { uses: invite.uses })
      : t('circles.usesOf', { uses: invite.uses, max: invite.max_uses });
  return { until, uses };
}

export function InviteFacts({ invite }: { invite: Invite }) {
  const { t } = useTranslation();
  const words = useInviteWords();
  return (
    <p className="text-sm text-stone-700">
      {words.until(invite)} · {words.uses(invite)}
      {invite.email && (
        <>
          {' · '}
          {t('circles.sentTo', { email: invite.email })}
        </>
      )}
    </p>
  );
}
