// On the main screen, for a forager who has chosen no display name (ADR 0072): what others see of them until they do,
// and the way to choose one. "Not now" puts it away while this tab stays open (a reload too): having no name is allowed.
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Button } from '../../ui/button.tsx';

const LATER_KEY = 'foray.namePromptLater';

function laterFor(userId: string): boolean {
  try {
    return globalThis.sessionStorage?.getItem(LATER_KEY) === userId;
  } catch {
    return false;
  }
}

export function NamePrompt({ userId, onChoose }: { userId: string; onChoose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [later, setLater] = useState(() => laterFor(userId));
  if (later) return null;

  const putAway = () => {
    try {
      globalThis.sessionStorage?.setItem(LATER_KEY, userId);
    } catch {
      // Storage turned off: it is put away until the page is loaded again.
    }
    setLater(true);
  };

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-green-200 bg-green-50 px-4 py-3 text-sm text-green-950"
    >
      <div className="min-w-0 flex-1 basis-64">
        <h2 id={titleId} className="font-semibold">
          {t('namePrompt.title')}
        </h2>
        <p>{t('namePrompt.text', { unnamed: t('people.unnamed') })}</p>
      </div>
      <div className="flex gap-2">
        <Button className="px-3 py-1.5" onClick={onChoose}>
          {t('namePrompt.choose')}
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={putAway}>
          {t('namePrompt.later')}
        </Button>
      </div>
    </section>
  );
}
