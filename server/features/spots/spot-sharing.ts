// Who sees a spot besides its owner (ADR 0053), from what a create or an edit asks to what is stored: `is_public`
// on the spot ("everyone", as older clients and files say it) and the circles in location_circles. The schema
// (common/schemas/spots.ts) has already refused requests whose audience, is_public and circle_ids disagree.
import type { Audience, CreateSpot, UpdateSpot } from '../../../common/schemas/spots.ts';

export type Sharing = { isPublic: boolean; circleIds: string[] };

type Asked = { audience?: Audience | undefined; circle_ids?: string[] | undefined; is_public?: boolean | undefined };

/** The audience a request names, if it names one: `audience` itself, or what `is_public` or `circle_ids` alone mean. */
function askedAudience({
  audience,
  circle_ids: circleIds,
  is_public: isPublic,
}: Asked): Audience | 'not-public' | null {
  if (audience) return audience;
  if (isPublic === true) return 'public';
  if (circleIds !== undefined && circleIds.length > 0) return 'circles';
  if (isPublic === false) return 'not-public';
  if (circleIds !== undefined) return 'private';
  return null;
}

/** A new spot's sharing: private unless the request says otherwise. */
export function sharingOfNew(input: Pick<CreateSpot, 'audience' | 'circle_ids' | 'is_public'>): Sharing {
  const asked = askedAudience(input);
  if (asked === 'public') return { isPublic: true, circleIds: [] };
  if (asked === 'circles') return { isPublic: false, circleIds: input.circle_ids ?? [] };
  return { isPublic: false, circleIds: [] };
}

/**
 * The sharing after an edit, or null when the edit does not touch it. `is_public: false` alone (an older client's
 * "stop sharing with everyone") leaves a spot's circles as they are.
 */
export function sharingAfter(
  patch: Pick<UpdateSpot, 'audience' | 'circle_ids' | 'is_public'>,
  current: Sharing,
): Sharing | null {
  const asked = askedAudience(patch);
  switch (asked) {
    case null:
      return null;
    case 'public':
      return { isPublic: true, circleIds: [] };
    case 'circles':
      return { isPublic: false, circleIds: patch.circle_ids ?? current.circleIds };
    case 'private':
      return { isPublic: false, circleIds: [] };
    case 'not-public':
      return { isPublic: false, circleIds: current.circleIds };
  }
}

export const sameCircles = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
