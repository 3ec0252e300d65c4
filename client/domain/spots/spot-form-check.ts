// The spot form's check before saving (add and edit), by the contract's own rules: SpotFormSchema from common/.
import { SpotFormSchema, type SpotType } from '../../../common/schemas/spots.ts';
import type { Sharing } from '../sharing/sharing.ts';
import type { RowTexts } from './spot-text.ts';

export type SpotFormValues = {
  type: SpotType;
  mushroom_types: string;
  finder: string;
  /** As typed: trimmed when checked and saved. */
  date_found: string;
  notes: string;
  /** Who sees the spot and how exactly (ADR 0053). */
  sharing: Sharing;
} & RowTexts;

export type SpotFormProblem = 'missing-information' | 'date' | 'sharing';

/** What the contract refuses of the form's values, first the missing information, then the date; null when none. */
export function spotFormProblem(values: SpotFormValues): Exclude<SpotFormProblem, 'sharing'> | null {
  const checked = SpotFormSchema.safeParse({
    type: values.type,
    mushroom_types: values.mushroom_types,
    finder: values.finder,
    date_found: values.date_found.trim(),
  });
  if (checked.success) return null;
  const where = new Set(checked.error.issues.map((issue) => issue.path[0]));
  if (where.has('mushroom_types') || where.has('finder')) return 'missing-information';
  return 'date';
}
