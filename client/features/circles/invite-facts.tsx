// An invitation's terms in words: until when it works, how many have joined with it (of how many), and where it was
// mailed: the address for whoever sent it, who sent it for the circle's other admins and owner, who are not told the
// address (ADR 0069).
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Invite } from '../../../common/schemas/circles.ts';
import { shownName } from '../../domain/session/display-name.ts';

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
      {invite.emailed && (
        <>
          {' · '}
          {invite.email !== null
            ? t('circles.sentTo', { email: invite.email })
            : t('circles.sentByOther', { name: shownName(invite.made_by, t) })}
        </>
      )}
    </p>
  );
}
