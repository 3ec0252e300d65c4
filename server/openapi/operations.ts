// What the OpenAPI document says of each operation beyond its route's schema, in one table (ADR 0075): its name
// (operationId: generated clients name their functions by it, so a published name stays) and who may call it.
// A route missing here is still documented, named from its method and path, and as needing the session.

/**
 * Who may call an operation. `session`: the session cookie (else 401); `public`: anyone; `optional-session`: anyone,
 * and the answer depends on whether the cookie is sent; `two-step`: the cookie of a sign-in waiting for its second
 * step; `two-step-or-session`: either (the first code from the app, while turning two-step sign-in on, needs the session);
 * `admin`: the session of an administrator (anyone else: 404, as for a route that does not exist; ADR 0077).
 */
export type Access = 'session' | 'public' | 'optional-session' | 'two-step' | 'two-step-or-session' | 'admin';

export type OperationFacts = { id: string; access?: Access };

export const OPERATIONS: Record<string, OperationFacts> = {
  // ── Sign-up and sign-in (better-auth, documented by hand: auth-operations.ts) ──
  'POST /api/auth/sign-up/email': { id: 'signUp', access: 'public' },
  'GET /api/auth/verify-email': { id: 'verifyEmail', access: 'public' },
  'POST /api/auth/send-verification-email': { id: 'sendVerificationEmail', access: 'public' },
  'POST /api/auth/sign-in/email': { id: 'signIn', access: 'public' },
  'POST /api/auth/two-factor/verify-totp': { id: 'verifyTotp', access: 'two-step-or-session' },
  'POST /api/auth/two-factor/verify-backup-code': { id: 'verifyBackupCode', access: 'two-step' },
  'GET /api/auth/get-session': { id: 'getAuthSession', access: 'optional-session' },
  'POST /api/auth/sign-out': { id: 'signOut', access: 'optional-session' },
  'POST /api/auth/request-password-reset': { id: 'requestPasswordReset', access: 'public' },
  'GET /api/auth/reset-password/{token}': { id: 'openPasswordResetLink', access: 'public' },
  'POST /api/auth/reset-password': { id: 'resetPassword', access: 'public' },
  'POST /api/auth/update-user': { id: 'updateUser' },
  'POST /api/auth/change-email': { id: 'changeEmail' },
  'POST /api/auth/change-password': { id: 'changePassword' },
  'POST /api/auth/revoke-other-sessions': { id: 'revokeOtherSessions' },
  'POST /api/auth/delete-user': { id: 'deleteAccount' },
  'POST /api/auth/two-factor/enable': { id: 'enableTwoStep' },
  'POST /api/auth/two-factor/get-totp-uri': { id: 'getTotpUri' },
  'POST /api/auth/two-factor/generate-backup-codes': { id: 'generateBackupCodes' },
  'POST /api/auth/two-factor/disable': { id: 'disableTwoStep' },

  // ── System and account ──
  'GET /healthz': { id: 'getHealth', access: 'public' },
  'GET /api/v1/admin/health': { id: 'getServerHealth', access: 'admin' },
  'GET /api/v1/config': { id: 'getConfig', access: 'public' },
  'GET /api/v1/translations/{lng}': { id: 'getTranslations', access: 'public' },
  'GET /api/v1/session': { id: 'getSession', access: 'optional-session' },
  'GET /api/v1/me': { id: 'getMe' },
  'GET /api/v1/me/settings': { id: 'getSettings' },
  'PATCH /api/v1/me/settings': { id: 'changeSettings' },
  'GET /api/v1/me/sessions': { id: 'listSessions' },
  'GET /api/v1/signup': { id: 'getSignupPolicy', access: 'public' },

  // ── Spots, their photos and visits ──
  'GET /api/v1/locations': { id: 'listSpots' },
  'POST /api/v1/locations': { id: 'createSpot' },
  'POST /api/v1/locations/check': { id: 'checkSpots' },
  'GET /api/v1/locations/{id}': { id: 'getSpot' },
  'PATCH /api/v1/locations/{id}': { id: 'editSpot' },
  'DELETE /api/v1/locations/{id}': { id: 'deleteSpot' },
  'GET /api/v1/photos/{key}': { id: 'getPhoto' },
  'POST /api/v1/locations/{id}/photos': { id: 'addSpotPhoto' },
  'DELETE /api/v1/locations/{id}/photos/{photoId}': { id: 'removeSpotPhoto' },
  'PUT /api/v1/locations/{id}/photos/order': { id: 'orderSpotPhotos' },
  'GET /api/v1/locations/{id}/visits': { id: 'listSpotVisits' },
  'POST /api/v1/locations/{id}/visits': { id: 'recordVisit' },
  'DELETE /api/v1/locations/{id}/visits/{visitId}': { id: 'deleteVisit' },
  'POST /api/v1/locations/{id}/visits/{visitId}/photos': { id: 'addVisitPhoto' },
  'DELETE /api/v1/locations/{id}/visits/{visitId}/photos/{photoId}': { id: 'removeVisitPhoto' },
  'GET /api/v1/visits': { id: 'listVisits' },

  // ── Circles and invitations ──
  'GET /api/v1/circles': { id: 'listCircles' },
  'POST /api/v1/circles': { id: 'createCircle' },
  'GET /api/v1/circles/{id}': { id: 'getCircle' },
  'PATCH /api/v1/circles/{id}': { id: 'changeCircle' },
  'DELETE /api/v1/circles/{id}': { id: 'deleteCircle' },
  'GET /api/v1/circles/{id}/members': { id: 'listCircleMembers' },
  'PATCH /api/v1/circles/{id}/members/{user_id}': { id: 'changeCircleMember' },
  'DELETE /api/v1/circles/{id}/members/{user_id}': { id: 'removeCircleMember' },
  'DELETE /api/v1/circles/{id}/spots/{spot_id}': { id: 'takeSpotOutOfCircle' },
  'POST /api/v1/circles/{id}/invites': { id: 'createInvite' },
  'GET /api/v1/circles/{id}/invites': { id: 'listInvites' },
  'DELETE /api/v1/circles/{id}/invites/{invite_id}': { id: 'revokeInvite' },
  'GET /api/v1/invites/{token}': { id: 'getInvite' },
  'POST /api/v1/invites/{token}/accept': { id: 'acceptInvite' },

  // ── The map, fruiting, export and import ──
  'GET /api/v1/map/tiles/{z}/{x}/{y}': { id: 'getMapTile' },
  'GET /api/v1/map/count': { id: 'countMapSpots' },
  'GET /api/v1/map/pins': { id: 'listMapPins' },
  'GET /api/v1/map-region/region.pmtiles': { id: 'getMapRegion' },
  'HEAD /api/v1/map-region/region.pmtiles': { id: 'headMapRegion' },
  'GET /api/v1/fruiting/due': { id: 'listDueSpots' },
  'GET /api/v1/fruiting/nearby': { id: 'listFruitingNearby' },
  'GET /api/v1/export': { id: 'exportSpots' },
  'POST /api/v1/import/preview': { id: 'previewImport' },
  'POST /api/v1/import': { id: 'importSpots' },

  // ── Administration: who may join (ADR 0079) ──
  'GET /api/v1/admin/settings': { id: 'getAdminSettings', access: 'admin' },
  'PATCH /api/v1/admin/settings': { id: 'changeAdminSettings', access: 'admin' },
  'POST /api/v1/admin/invites': { id: 'createServerInvite', access: 'admin' },
  'GET /api/v1/admin/invites': { id: 'listServerInvites', access: 'admin' },
  'DELETE /api/v1/admin/invites/{id}': { id: 'revokeServerInvite', access: 'admin' },
  // ── Administration (ADR 0077, 0082): for anyone else these routes do not exist ──
  'GET /api/v1/admin/users': { id: 'listPeople' },
  'POST /api/v1/admin/users': { id: 'createPerson' },
  'PATCH /api/v1/admin/users/{id}': { id: 'changePerson' },
  'DELETE /api/v1/admin/users/{id}': { id: 'deletePerson' },
  'POST /api/v1/admin/users/{id}/reset-two-step': { id: 'resetPersonTwoStep' },
  'POST /api/v1/admin/users/{id}/resend-confirmation': { id: 'resendPersonConfirmation' },
  'GET /api/v1/admin/audit': { id: 'listAudit' },
  // ── Reports and moderation (ADR 0078) ──
  'POST /api/v1/reports': { id: 'reportContent' },
  'GET /api/v1/admin/reports': { id: 'listReports', access: 'admin' },
  'PATCH /api/v1/admin/reports/{id}': { id: 'actOnReport', access: 'admin' },
  'PATCH /api/v1/admin/hidden/{target_type}/{target_id}': { id: 'showHiddenContent', access: 'admin' },
  'GET /api/v1/admin/photos/{key}': { id: 'getReportedPhoto', access: 'admin' },
};

/** The name of an operation the table does not know: `postApiV1CirclesByIdInvites` for POST /api/v1/circles/{id}/invites. */
export function derivedOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}
