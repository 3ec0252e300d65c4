// The name others see for a forager: the display name they chose, or a neutral word while they have chosen none
// (ADR 0072). Nothing from an e-mail address ever stands in for it.
import type { TFunction } from '../../i18n/translator.ts';

export const shownName = (name: string | null | undefined, t: TFunction): string => name || t('people.unnamed');
