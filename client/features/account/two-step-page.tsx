// TEMPORARY: a page of its own at /two-step holding only the two-step sign-in section, until the account page
// (client/features/account/account-page.tsx) mounts the section; then this file and its path in app.tsx go.
import { useTranslation } from 'react-i18next';
import { TwoStepSection } from './two-step-section.tsx';

export default function TwoStepPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-lg space-y-4 p-4">
      <p>
        <a href="/" className="font-medium text-green-900 underline">
          {t('app.title')}
        </a>
      </p>
      <TwoStepSection />
    </main>
  );
}
