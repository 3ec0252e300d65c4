import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LanguageSwitch } from '../../ui/language-switch.tsx';

/**
 * The frame of the signed-out screens: language switch top right, a card in the middle. `notice`: why the visitor is
 * here, above the heading (an invitation to a circle that waits for them to sign in).
 */
export function AuthLayout({ heading, notice, children }: { heading: string; notice?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex justify-end p-4">
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
          <div className="mb-6 flex items-center gap-3">
            <img src="/favicon.svg" alt="" className="size-10" />
            <div>
              <p className="text-xl font-bold text-green-900">{t('app.title')}</p>
              <p className="text-sm text-stone-700">{t('app.tagline')}</p>
            </div>
          </div>
          {notice && (
            <p className="mb-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-950">{notice}</p>
          )}
          <h1 className="mb-4 text-lg font-semibold">{heading}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
