import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spot } from '../../../common/schemas/spots.ts';
import { SHARING_CASES, type SharingCaseCircle } from '../../../common/spot-filter.cases.ts';
import { createTestContext, validSpot, type TestContext } from '../../test/test-app.ts';

/**
 * The filter's audience, circle_id and visibility on the server: the same cases the phone runs
 * (common/spot-filter.test.ts), so the two decide alike. The viewer and another forager are both in the circles
 * "family" and "club"; each case is one spot in a box of its own, listed by the viewer with the case's filter.
 */
let t: TestContext;
type Person = { cookie: string };
let viewer: Person;
let other: Person;
const circleIds = {} as Record<SharingCaseCircle, string>;

const as = (who: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  t = await createTestContext();
  viewer = await t.createUser();
  other = await t.createUser();
  for (const name of ['family', 'club'] as const) {
    const circle = await as(viewer, 'POST', '/api/v1/circles', { name });
    expect(circle.statusCode, circle.body).toBe(201);
    circleIds[name] = circle.json<{ id: string }>().id;
    const invite = await as(viewer, 'POST', `/api/v1/circles/${circleIds[name]}/invites`, {});
    expect(invite.statusCode, invite.body).toBe(201);
    const joined = await as(other, 'POST', `/api/v1/invites/${invite.json<{ token: string }>().token}/accept`);
    expect(joined.statusCode, joined.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('sharing filters on the server', () => {
  it.each(SHARING_CASES.map((sharingCase, index) => ({ ...sharingCase, index })))(
    '$why',
    async ({ spot: sharing, filter, matches, index }) => {
      const latitude = -40 + index * 0.05;
      const created = await as(sharing.owner === 'viewer' ? viewer : other, 'POST', '/api/v1/locations', {
        ...validSpot({ latitude, longitude: -120, is_public: sharing.audience === 'public' }),
        audience: sharing.audience,
        ...(sharing.audience === 'circles' ? { circle_ids: sharing.circles.map((name) => circleIds[name]) } : {}),
      });
      expect(created.statusCode, created.body).toBe(201);
      const spot = created.json<Spot>();

      const { circle, ...rest } = filter;
      const query = new URLSearchParams({
        bbox: `-120.001,${latitude - 0.001},-119.999,${latitude + 0.001}`,
        ...rest,
        ...(circle ? { circle_id: circleIds[circle] } : {}),
      });
      const listed = await as(viewer, 'GET', `/api/v1/locations?${query}`);
      expect(listed.statusCode, listed.body).toBe(200);
      // Without the filter the viewer sees the spot: the filter alone decides.
      const unfiltered = await as(viewer, 'GET', `/api/v1/locations?bbox=${query.get('bbox')}`);
      expect(unfiltered.json<{ items: Spot[] }>().items.map((item) => item.id)).toEqual([spot.id]);
      expect(listed.json<{ items: Spot[] }>().items.map((item) => item.id)).toEqual(matches ? [spot.id] : []);
    },
  );
});
