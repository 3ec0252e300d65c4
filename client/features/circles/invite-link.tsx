// One invitation link, to hand on: its QR code to scan from this screen, the link to copy (or select by hand where
// the browser has no clipboard for this page, as over plain HTTP on a home network) and, on a phone, the system's
// share sheet. The link is the whole invitation: anyone who has it may join until it expires or is used up.
import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Invite } from '../../../common/schemas/circles.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { useToast } from '../../ui/toast.tsx';
import { InviteFacts } from './invite-facts.tsx';
import { copyText } from '../../lib/clipboard.ts';

export function InviteLink({ invite, circleName }: { invite: Invite; circleName: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const canShare = typeof navigator.share === 'function';

  async function copy() {
    if (await copyText(invite.url, input.current)) {
      toast({ title: t('circles.linkCopied') });
    } else {
      // The link is left selected in its box, for the phone's own copy menu.
      input.current?.focus();
      input.current?.select();
      toast({ variant: 'destructive', title: t('circles.copyFailed') });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t('circles.shareTitle', { circle: circleName }), url: invite.url });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      void copy();
    }
  }

  return (
    <div className="space-y-3 rounded-lg border border-green-200 bg-green-50/50 p-3">
      <div className="flex justify-center">
        <QrCode text={invite.url} label={t('circles.qrLabel', { circle: circleName })} className="size-56" />
      </div>
      <Field label={t('circles.linkLabel')}>
        {(id) => (
          <Input
            id={id}
            ref={input}
            readOnly
            value={invite.url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-sm"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy()}>{t('circles.copyLink')}</Button>
        {canShare && (
          <Button variant="secondary" onClick={() => void share()}>
            {t('circles.shareLink')}
          </Button>
        )}
      </div>
      <InviteFacts invite={invite} />
    </div>
  );
}
