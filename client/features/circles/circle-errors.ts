// What to tell a forager when a circle request fails. A 404 means "gone, or not yours to see" for a circle as for a
// spot, but the generic words speak of a location; an invitation's 410s say which way the link ran out; the circles'
// own codes (the limits' 409s, a role that does not allow it) have words in both languages; anything else is the
// server's own message, or its translation where Foray has one.
import { i18n } from '../../i18n/translator.ts';
import { CIRCLES_PER_USER_MAX, MEMBERS_PER_CIRCLE_MAX, OPEN_INVITES_PER_CIRCLE_MAX } from '../../../common/limits.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { inviteProblem } from './circle-rules.ts';

/** `about`: a circle's routes, or an invitation link's (GET /api/v1/invites/:token and its accept). */
export function circleErrorMessage(error: unknown, about: 'circle' | 'link' = 'circle'): string {
  const t = i18n.t;
  if (error instanceof ApiError) {
    if (error.status === 0) return t('circles.errors.offline');
    if (about === 'link') {
      const problem = inviteProblem(error);
      if (problem) return t(`circles.invite.${problem}`);
    } else if (error.status === 404) {
      return t('circles.errors.gone');
    }
    const key = `circles.errors.${error.code}`;
    if (/^[A-Z_]+$/.test(error.code) && i18n.exists(key)) {
      return t(key as never, {
        max: CIRCLES_PER_USER_MAX,
        members: MEMBERS_PER_CIRCLE_MAX,
        invites: OPEN_INVITES_PER_CIRCLE_MAX,
      });
    }
  }
  return errorMessage(error, t('common.somethingWentWrong'));
}

/** A circle the caller may no longer see: deleted, or they left or were removed (404, as for one that never was). */
export const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;
