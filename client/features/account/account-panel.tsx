// "Account": the forager's name, their circles (handed in by the shell), e-mail, password, signed-in devices, the
// sharing new spots start with, the language, and deleting the account. A full-screen panel on a phone, a dialog on a wider screen; one lazy chunk.
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Button } from '../../ui/button.tsx';
import { LanguageSwitch } from '../../ui/language-switch.tsx';
import { Section } from './account-section.tsx';
import { DeleteSection } from './delete-section.tsx';
import { EmailSection } from './email-section.tsx';
import { NameSection } from './name-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { PhotoStorageSection } from './photo-storage-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SharingSection } from './sharing-section.tsx';
import { TwoStepSection } from './two-step-section.tsx';

/**
 * `exportDialog`: the export (a feature of its own), handed in by the app shell for "Export first". `circles`: the
 * circles section (another feature), shown after the name, which is what circle members see of each other.
 * `startAt: 'name'`: opened to choose a display name (the main screen's prompt): the name's box has the focus.
 */
export default function AccountPanel({
  onClose,
  exportDialog,
  circles,
  startAt,
}: {
  onClose: () => void;
  exportDialog: (onClose: () => void) => ReactNode;
  circles?: ReactNode;
  startAt?: 'name';
}) {
  const { t } = useTranslation();
  const nameInput = useRef<HTMLInputElement>(null);
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1500] bg-stone-950/50" />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            if (startAt !== 'name' || !nameInput.current) return;
            event.preventDefault();
            nameInput.current.focus();
          }}
          className="fixed inset-0 z-[1500] flex flex-col bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg"
        >
          <div className="flex items-center gap-3 border-b border-stone-200 px-4 py-3">
            <RadixDialog.Title className="flex-1 text-lg font-semibold">{t('account.title')}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button variant="secondary">{t('common.close')}</Button>
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">{t('account.description')}</RadixDialog.Description>
          <div className="flex-1 space-y-8 overflow-y-auto px-4 py-4">
            <NameSection inputRef={nameInput} />
            {circles}
            <EmailSection />
            <PasswordSection />
            <TwoStepSection />
            <SessionsSection />
            <SharingSection />
            <PhotoStorageSection />
            <Section title={t('account.languageTitle')}>
              <LanguageSwitch />
            </Section>
            <DeleteSection exportDialog={exportDialog} />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
