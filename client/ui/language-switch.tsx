import { useTranslation } from '../i18n/use-translation.ts';
import { LANGUAGES } from '../../common/limits.ts';

/** EN / LT: two buttons, the current one pressed. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <div
      role="group"
      aria-label={t('common.language')}
      className="inline-flex rounded-md border border-stone-300 bg-white p-0.5"
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          onClick={() => void i18n.changeLanguage(language)}
          className={`rounded px-2.5 py-1 text-xs font-semibold uppercase ${
            current === language ? 'bg-green-800 text-white' : 'text-stone-800 hover:bg-stone-100'
          }`}
        >
          {language}
        </button>
      ))}
    </div>
  );
}
