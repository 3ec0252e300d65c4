// What the owner is shown of their own spot, visit or photo that a server administrator hid after a report (issue
// #34): nobody else sees it at all; its owner sees why, and may still edit or delete it.
import type { TFunction } from '../../i18n/translator.ts';
import type { HiddenByAdmin } from '../../../common/schemas/reports.ts';

/** The mark the server puts on hidden content for its owner (`hidden: {reason}`); null or absent when shown. */
export type MaybeHidden = { hidden?: HiddenByAdmin | null | undefined };

export function hiddenOf(content: object): HiddenByAdmin | null {
  return (content as MaybeHidden).hidden ?? null;
}

/** "Hidden by the server's administrator: reported as spam". */
export function hiddenText(hidden: HiddenByAdmin, t: TFunction): string {
  return t(`reports.hidden.${hidden.reason}`);
}
