import { z } from 'zod';
import { HiddenByAdminSchema } from './hidden.ts';
import { VISIT_NOTE_MAX } from '../limits.ts';
import { DateFoundSchema, SpotIdParamsSchema, PhotoSchema, VisitOutcomeSchema } from './spots.ts';
import { storableText } from './text.ts';

/** A rough amount, only for `found`. */
export const VisitAmountSchema = z.enum(['few', 'some', 'many']);
export type VisitAmount = z.infer<typeof VisitAmountSchema>;

/**
 * What the owner sends to record a visit. The id is made on the phone, so a retried POST (a lost answer,
 * the outbox sending again) finds the stored visit instead of adding a second one.
 */
export const CreateVisitSchema = z
  .strictObject({
    id: z.uuid(),
    date: DateFoundSchema,
    outcome: VisitOutcomeSchema,
    amount: VisitAmountSchema.nullish(),
    note: storableText(VISIT_NOTE_MAX).nullish(),
  })
  .refine((visit) => visit.outcome === 'found' || visit.amount == null, {
    message: 'an amount only goes with outcome found',
    path: ['amount'],
  });
export type CreateVisit = z.output<typeof CreateVisitSchema>;
export type CreateVisitInput = z.input<typeof CreateVisitSchema>;

export const VisitSchema = z.object({
  id: z.uuid(),
  location_id: z.uuid(),
  date: z.string(),
  outcome: VisitOutcomeSchema,
  amount: VisitAmountSchema.nullable(),
  /** Only the spot's owner reads notes; for anyone else it is null (ADR 0022). */
  note: z.string().nullable(),
  /** What was there that day (ADR 0025), in the order they were added; seen by whoever may see the spot. */
  photos: z.array(PhotoSchema),
  created_at: z.string(),
  /** Only on the owner's own visit that an administrator hid (ADR 0078); nobody else is given it at all. */
  hidden: HiddenByAdminSchema.optional(),
});
export type Visit = z.infer<typeof VisitSchema>;

export const VisitListSchema = z.object({ items: z.array(VisitSchema) });
export type VisitList = z.infer<typeof VisitListSchema>;

export const VisitParamsSchema = SpotIdParamsSchema.extend({ visitId: z.uuid() });
export const VisitPhotoParamsSchema = VisitParamsSchema.extend({ photoId: z.uuid() });

/** `GET /api/v1/visits?owner=mine`: the caller's own visits only; `owner` is required so nothing wider is ever implied. */
export const OwnVisitsQuerySchema = z.strictObject({ owner: z.literal('mine') });
