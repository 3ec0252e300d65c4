// What scripts/make-upgrade-fixture.ts records in the older Foray, as far as that release had it: two people, their
// spots with photos, an edit, visits with a photo, circles with shared spots, and two-step sign-in.
import type { UpgradeFixture } from '../../server/db/upgrade-fixtures/served.ts';
import { secretOf, totp } from '../../server/test/totp.ts';
import { PASSWORD, type Jar, type OlderForay } from './older-foray.ts';

/** What the older release could store, read from its migrations. */
export type Abilities = {
  severalPhotos: boolean;
  edits: boolean;
  accuracy: boolean;
  visits: boolean;
  visitPhotos: boolean;
  twoStep: boolean;
  circles: boolean;
  defaultAudience: boolean;
};

/** Records everything; the people (with Ona's two-step secret) and each one's cookie jar, in the same order. */
export async function recordContent(
  foray: OlderForay,
  can: Abilities,
): Promise<{ people: UpgradeFixture['people']; jars: Jar[] }> {
  const { call, photoForm, person, spot } = foray;
  const ona = await person('ona@example.com');
  const jonas = await person('jonas@example.com');
  const base = { finder: 'Ona', date_found: '2025-09-14', ...(can.accuracy ? { accuracy_m: '12' } : {}) };
  const oak = await spot(
    ona,
    {
      ...base,
      type: 'mushroom_spot',
      mushroom_types: 'Baravykai by the oak',
      notes: 'Under the old oak, north side',
      latitude: '55.123456',
      longitude: '23.654321',
    },
    '#a0522d',
  );
  const chanterelles = await spot(
    ona,
    {
      ...base,
      type: 'mushroom_spot',
      mushroom_types: 'Voveraitės',
      latitude: '55.2',
      longitude: '23.9',
      is_public: 'true',
    },
    '#daa520',
  );
  await spot(ona, {
    type: 'car_park',
    mushroom_types: 'Forest road',
    date_found: '2025-09-14',
    latitude: '55.201',
    longitude: '23.91',
  });
  await spot(
    jonas,
    {
      type: 'mushroom_spot',
      mushroom_types: 'Ūmėdės',
      finder: 'Jonas',
      date_found: '2024-08-02',
      latitude: '54.7',
      longitude: '25.3',
    },
    '#556b2f',
  );
  await spot(jonas, {
    type: 'mushroom_spot',
    mushroom_types: 'Kazlėkai',
    finder: 'Jonas',
    date_found: '2024-10-11',
    latitude: '54.71',
    longitude: '25.31',
    is_public: 'true',
  });
  if (can.severalPhotos) {
    await call(ona, 'POST', `/api/v1/locations/${chanterelles.id}/photos`, await photoForm('#f4a460'));
  }
  if (can.edits) {
    await call(ona, 'PATCH', `/api/v1/locations/${oak.id}`, {
      notes: 'Under the old oak, north side; again in 2026',
      base_version: 1,
    });
  }
  if (can.visits) {
    const found = crypto.randomUUID();
    await call(ona, 'POST', `/api/v1/locations/${oak.id}/visits`, {
      id: found,
      date: '2026-09-20',
      outcome: 'found',
      amount: 'some',
      note: 'Six firm ones',
    });
    await call(ona, 'POST', `/api/v1/locations/${chanterelles.id}/visits`, {
      id: crypto.randomUUID(),
      date: '2026-07-01',
      outcome: 'nothing',
    });
    if (can.visitPhotos) {
      await call(ona, 'POST', `/api/v1/locations/${oak.id}/visits/${found}/photos`, await photoForm('#8b4513'));
    }
  }

  if (can.circles) {
    // A circle of Ona's that Jonas joined by its link, and a spot shared with it at about 1 km.
    const circle = (await (await call(ona, 'POST', '/api/v1/circles', { name: 'Miško draugai' })).json()) as {
      id: string;
    };
    const invite = (await (await call(ona, 'POST', `/api/v1/circles/${circle.id}/invites`, {})).json()) as {
      token: string;
    };
    await call(jonas, 'POST', `/api/v1/invites/${invite.token}/accept`, {});
    await call(ona, 'POST', '/api/v1/locations', {
      type: 'mushroom_spot',
      mushroom_types: 'Rudmėsės',
      finder: 'Ona',
      date_found: '2026-10-03',
      latitude: 55.345678,
      longitude: 23.456789,
      audience: 'circles',
      circle_ids: [circle.id],
      precision: '1km',
    });
    if (can.defaultAudience) {
      // A second circle both are in, and a spot shared with both: Jonas sees it once (migration 0018's overlaps).
      const club = (await (await call(ona, 'POST', '/api/v1/circles', { name: 'Grybų klubas' })).json()) as {
        id: string;
      };
      const clubInvite = (await (await call(ona, 'POST', `/api/v1/circles/${club.id}/invites`, {})).json()) as {
        token: string;
      };
      await call(jonas, 'POST', `/api/v1/invites/${clubInvite.token}/accept`, {});
      await call(ona, 'POST', '/api/v1/locations', {
        type: 'mushroom_spot',
        mushroom_types: 'Kelmučiai',
        finder: 'Ona',
        date_found: '2026-10-04',
        latitude: 55.356789,
        longitude: 23.467891,
        audience: 'circles',
        circle_ids: [circle.id, club.id],
      });
    }
  }

  const people: UpgradeFixture['people'] = [
    { email: 'ona@example.com', password: PASSWORD },
    { email: 'jonas@example.com', password: PASSWORD },
  ];
  if (can.twoStep) {
    const enabled = (await (await call(ona, 'POST', '/api/auth/two-factor/enable', { password: PASSWORD })).json()) as {
      totpURI: string;
    };
    const secret = secretOf(enabled.totpURI);
    await call(ona, 'POST', '/api/auth/two-factor/verify-totp', { code: totp(secret) });
    people[0]!.totp_secret = secret;
  }

  return { people, jars: [ona, jonas] };
}
