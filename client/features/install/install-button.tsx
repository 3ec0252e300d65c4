import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';
import { useToast } from '../../ui/toast.tsx';
import { setHeldPrompt, useHeldInstallPrompt } from './install-prompt.ts';

/** Shown only while the browser offers installation. */
export function InstallButton() {
  const { t } = useTranslation();
  const toast = useToast();
  const prompt = useHeldInstallPrompt();
  if (!prompt) return null;

  async function handleInstall() {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    if (choice.outcome === 'accepted') {
      toast({ title: t('install.appInstalledTitle'), description: t('install.appInstalledDescription') });
    } else {
      toast({ title: t('install.installDismissedTitle'), description: t('install.installDismissedDescription') });
    }
    setHeldPrompt(null); // a prompt can be shown once only
  }

  return (
    <Button variant="secondary" onClick={() => void handleInstall()} className="px-3">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('install.installApp')}
    </Button>
  );
}
