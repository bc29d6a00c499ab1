/**
 * A card row's points update checked with the shared rule (loaded on intent with the rules, decision 107): both fields
 * required, the amount by the business's mode. What is refused comes back as the fields to mark, the one to focus and
 * the message to show — "fill in both" first, then what is wrong with the points.
 */
import { firstErrorMessage } from '@loyalty/shared/forms';
import type { LoyaltyMode } from '../../../shared/loyaltyMode';
import { pointsFormMessages, pointsFormSchema } from './pointsInput';

export interface PointsDraft {
  points: string;
  description: string;
}

export type CheckedPoints =
  | { ok: true; points: number; description: string }
  | { ok: false; refused: (keyof PointsDraft)[]; focus: keyof PointsDraft; message: string };

export function checkPointsForm(mode: LoyaltyMode, values: PointsDraft): CheckedPoints {
  const parsed = pointsFormSchema(mode).safeParse(values);
  if (parsed.success) return { ok: true, points: parsed.data.points, description: parsed.data.description };
  const messages = pointsFormMessages(mode);
  const errors: Partial<Record<keyof PointsDraft, { message: string }>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PointsDraft;
    errors[field] ??= { message: issue.message };
  }
  return {
    ok: false,
    refused: Object.keys(errors) as (keyof PointsDraft)[],
    focus: errors.points ? 'points' : 'description',
    message: firstErrorMessage(errors, ['points', 'description'], messages.bothRequired) ?? messages.invalid,
  };
}
