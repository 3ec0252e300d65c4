// "Server administration", for administrators only (ADR 0077): the people on the server, pending sign-ups, the
// sign-up policy and server invitations, reports, the audit log and the server's health. Counts and what everyone
// on the server may see, never anyone's private spots. A full-screen panel on a phone, a dialog on a wider screen;
// one lazy chunk, fetched only when an administrator opens it.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { HealthSection } from './health-section.tsx';
import { SignupSection } from './signup-section.tsx';
import PeopleSection from './people-section.tsx';
import AuditSection from './audit-section.tsx';
import { ReportsSection } from './reports-section.tsx';

export default function AdminPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1500] bg-stone-950/50" />
        <RadixDialog.Content className="fixed inset-0 z-[1500] flex flex-col bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:max-w-3xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg">
          <div className="flex items-center gap-3 border-b border-stone-200 px-4 py-3">
            <RadixDialog.Title className="flex-1 text-lg font-semibold">{t('admin.title')}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t('common.close')}</Button>
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">{t('admin.description')}</RadixDialog.Description>
          <div className="flex-1 space-y-8 overflow-y-auto px-4 py-4">
            {/* The sections, each a file of this feature, in this order: health, people (and pending sign-ups),
                sign-up policy and invitations, reports, audit log. */}
            <HealthSection />
            <PeopleSection />
            <SignupSection />
            <ReportsSection />
            <AuditSection />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
