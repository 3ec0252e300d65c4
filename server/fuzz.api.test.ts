import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestContext, validSpot, type TestContext } from './test/test-app.ts';
import { zipSync } from 'fflate';
import { multipart } from './test/multipart.ts';

/**
 * Random input to every route, bounded and repeatable: a seeded generator, REQUESTS_PER_ROUTE requests each.
 * Whatever comes in, Foray must answer it — a 4xx for bad input — and never with a 5xx. A failure prints the
 * seed and the request, so it can be replayed with FORAY_FUZZ_SEED.
 */
// Each database gets a seed of its own: the two runs send different requests, 250 a route between them, where one
// seed for both sent the same 250 twice. FORAY_FUZZ_REQUESTS sends more for a longer hunt.
const SEED = Number(process.env.FORAY_FUZZ_SEED ?? 20_261_123 + (process.env.FORAY_TEST_DB === 'postgres' ? 1 : 0));
const REQUESTS_PER_ROUTE = Number(process.env.FORAY_FUZZ_REQUESTS ?? 125);

/** mulberry32: a small, fast, seedable generator; the same seed gives the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof generator>;

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f',
  '\u007f',
  '\u0085',
  '\t\r\n',
  '\ud800',
  '\udfff',
  'a\ud83c',
  '🍄🍄🍄',
  'Ä̷̛͎',
  '\u202e',
  '\ufeff',
  "'; drop table locations; --",
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>',
  '{"a":',
  'null',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(400),
  'x'.repeat(6000),
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-11-23',
  '1899-12-31',
  '-0001-01-01',
  '+002026-01-01',
  '2026-1-1',
  '１２３',
  'Infinity',
];
const NASTY_NUMBERS = [0, -0, 1, -1, 90.0000001, -180.5, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 3.14159, 54.6872, 25.2797];

function text(random: Random): string {
  if (random.chance(0.5)) return random.pick(NASTY_STRINGS);
  const length = random.pick([1, 3, 10, 50, 201, 5001]);
  let value = '';
  for (let i = 0; i < length; i++) {
    const kind = random.int(6);
    const code =
      kind === 0
        ? random.int(0x20)
        : kind === 1
          ? 0x20 + random.int(0x5f)
          : kind === 2
            ? 0x80 + random.int(0x780)
            : kind === 3
              ? 0xd800 + random.int(0x800)
              : kind === 4
                ? 0x1f300 + random.int(0x300)
                : 0x61 + random.int(26);
    value += String.fromCodePoint(code);
  }
  return value;
}

function value(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 5 : 8)) {
    case 0:
    case 1:
      return text(random);
    case 2:
      return random.pick(NASTY_NUMBERS);
    case 3:
      return random.chance(0.5);
    case 4:
      return null;
    case 5:
      return Array.from({ length: random.int(4) }, () => value(random, depth + 1));
    case 6:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [text(random).slice(0, 20), value(random, depth + 1)]),
      );
    default:
      return random.pick([validSpot(), {}, [], '']);
  }
}

/** A valid object with some fields replaced, removed or added: deeper into the code than pure noise. */
function mutate(random: Random, base: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const key of Object.keys(result)) {
    if (random.chance(0.3)) result[key] = value(random);
    else if (random.chance(0.05)) delete result[key];
  }
  if (random.chance(0.1)) result[text(random).slice(0, 20)] = value(random);
  return result;
}

/** A path segment or query value: percent-encoded when it can be, raw escapes otherwise (lone surrogates). */
function urlPart(random: Random): string {
  const raw = random.chance(0.3) ? random.pick(['%00', '%ZZ', '%E0%A4%A', '%2e%2e%2f', '%C0%AF', '']) : text(random);
  try {
    return encodeURIComponent(raw);
  } catch {
    return '%ED%A0%80';
  }
}

const cursorOf = (random: Random) =>
  Buffer.from(
    random.pick([
      `${text(random)}|${crypto.randomUUID()}`,
      `${random.pick(['1', '0', '-1', '2025', '2026-11-23T10:00:00.000Z', '0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2026-13-40T99:99:99.999Z'])}|${random.pick([crypto.randomUUID(), text(random)])}`,
      text(random),
    ]),
  ).toString(random.pick(['base64url', 'base64', 'utf8'] as const));

/** A file to import: one of each format with random values in its fields, random bytes, or a zip of either. */
function importFile(random: Random): { bytes: Uint8Array; name: string } {
  const number = () => (random.chance(0.5) ? String(random.pick(NASTY_NUMBERS)) : text(random));
  const escaped = () => text(random).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const raw = () => (random.chance(0.5) ? escaped() : text(random));
  const kind = random.int(6);
  const encode = (value: string) => new TextEncoder().encode(value);
  let file: { bytes: Uint8Array; name: string };
  if (kind === 0) {
    file = {
      name: 'a.gpx',
      bytes: encode(
        `<gpx xmlns:foray="urn:foray:spot:1"><wpt lat="${number()}" lon="${number()}"><name>${raw()}</name><time>${raw()}</time><type>${raw()}</type><link href="${escaped()}"/><extensions><foray:accuracy_m>${raw()}</foray:accuracy_m><foray:finder>${raw()}</foray:finder></extensions></wpt></gpx>`,
      ),
    };
  } else if (kind === 1) {
    file = {
      name: 'a.kml',
      bytes: encode(
        `<kml><Placemark><name>${raw()}</name><ExtendedData><Data name="${escaped()}"><value>${raw()}</value></Data></ExtendedData><Point><coordinates>${number()},${number()}</coordinates></Point></Placemark></kml>`,
      ),
    };
  } else if (kind === 2) {
    const properties = mutate(random, {
      name: 'Chanterelle',
      date: '2026-01-01',
      accuracy_m: 5,
      type: 'car_park',
      photos: ['photos/a.webp'],
    });
    file = {
      name: 'a.geojson',
      bytes: encode(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', geometry: { type: 'Point', coordinates: [value(random), value(random)] }, properties },
          ],
        }),
      ),
    };
  } else if (kind === 3) {
    file = {
      name: random.pick(['a.csv', 'a.txt', 'a']),
      bytes: encode(
        `${random.pick(['name;lat;lon;date', 'mushroom_types,latitude,longitude,date_found,accuracy_m', text(random)])}\n${raw()};${number()};${number()};${raw()}\n`,
      ),
    };
  } else {
    file = {
      name: random.pick(['a.zip', 'a.kmz', 'a.bin']),
      bytes: Uint8Array.from({ length: random.pick([0, 4, 100, 3000]) }, () => random.int(256)),
    };
  }
  if (kind === 5 || random.chance(0.15))
    file = {
      name: 'a.zip',
      bytes: zipSync({
        [random.pick(['foray-spots.gpx', 'doc.kml', 'x/y.csv', text(random).slice(0, 30) || 'z'])]: file.bytes,
        'photos/a.webp': Uint8Array.from({ length: 50 }, () => random.int(256)),
      }),
    };
  return file;
}

let t: TestContext;
let user: { cookie: string; email: string; password: string };
let ownSpot: string;
let ownCircle: string;

beforeAll(async () => {
  // Per-address limits far above the run's count: the fuzz is about answers, not about being limited.
  t = await createTestContext({ build: { apiRateLimitPerMinute: 1_000_000 } });
  user = await t.createUser('fuzz@example.com');
  ownSpot = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie: user.cookie },
      payload: validSpot(),
    })
  ).json().id;
  ownCircle = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/circles',
      headers: { cookie: user.cookie },
      payload: { name: 'Fuzz club' },
    })
  ).json().id;
});
afterAll(() => t.close());

type Route = { name: string; request: (random: Random) => Promise<InjectOptions> | InjectOptions };

const json = (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, cookie?: string): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  // Sent as text, so bodies JSON.stringify could not write (lone surrogates are written as they are) still go out.
  payload: JSON.stringify(body) ?? 'null',
});

const ROUTES: Route[] = [
  {
    name: 'POST /api/v1/locations (JSON)',
    request: (r) => json('POST', '/api/v1/locations', mutate(r, validSpot({ id: crypto.randomUUID() })), user.cookie),
  },
  {
    name: 'POST /api/v1/locations (multipart)',
    request: async (r) => {
      const fields = Object.fromEntries(
        Object.entries(mutate(r, validSpot({ id: crypto.randomUUID() }))).map(([key, field]) => [
          key,
          typeof field === 'string' ? field : JSON.stringify(field),
        ]),
      );
      const photo = r.chance(0.3)
        ? { bytes: Buffer.from(Array.from({ length: r.pick([0, 10, 100, 3000]) }, () => r.int(256))) }
        : undefined;
      const body = await multipart(fields, photo);
      return {
        method: 'POST',
        url: '/api/v1/locations',
        headers: { cookie: user.cookie, ...body.headers },
        payload: body.payload,
      };
    },
  },
  {
    name: 'POST /api/v1/locations (other bodies)',
    request: (r) => ({
      method: 'POST',
      url: '/api/v1/locations',
      headers: {
        cookie: user.cookie,
        'content-type': r.pick([
          'application/json',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ]),
      },
      payload: r.pick([
        text(r),
        JSON.stringify(value(r)) ?? '',
        '--x\r\nContent-Disposition: form-data; name="notes"\r\n\r\n\u0000\r\n--x--',
        '',
      ]),
    }),
  },
  {
    name: 'GET /api/v1/locations',
    request: (r) => {
      const query = [
        r.chance(0.5) ? `limit=${r.pick([urlPart(r), String(r.int(20_000) - 10), '1.5', '1e3'])}` : '',
        r.chance(0.5) ? `cursor=${encodeURIComponent(cursorOf(r))}` : '',
        r.chance(0.5)
          ? `bbox=${r.pick([urlPart(r), Array.from({ length: 4 }, () => String(r.pick(NASTY_NUMBERS))).join(','), '20,50,30,60'])}`
          : '',
        r.chance(0.1) ? `${urlPart(r)}=${urlPart(r)}` : '',
      ].filter(Boolean);
      return { url: `/api/v1/locations?${query.join('&')}`, headers: { cookie: user.cookie } };
    },
  },
  {
    // The spots' map's pins: a box, a limit up to 10,000 and the filter bar, all spoiled at times.
    name: 'GET /api/v1/map/pins',
    request: (r) => {
      const query = [
        r.chance(0.9)
          ? `bbox=${r.pick([urlPart(r), Array.from({ length: 4 }, () => String(r.pick(NASTY_NUMBERS))).join(','), '20,50,30,60', '-180,-90,180,90'])}`
          : '',
        r.chance(0.5) ? `limit=${r.pick([urlPart(r), String(r.int(20_000) - 10), '1.5', '1e3', '10000'])}` : '',
        r.chance(0.3) ? `q=${urlPart(r)}` : '',
        r.chance(0.2) ? `type=${r.pick(['car_park', 'mushroom_spot', urlPart(r)])}` : '',
        r.chance(0.2) ? `owner=${r.pick(['mine', 'others', urlPart(r)])}` : '',
        r.chance(0.2) ? `audience=${r.pick(['private', 'circles', 'public', urlPart(r)])}` : '',
        r.chance(0.2) ? `circle_id=${r.pick([ownCircle, crypto.randomUUID(), urlPart(r)])}` : '',
        r.chance(0.2) ? `from=${urlPart(r)}&to=${urlPart(r)}` : '',
        r.chance(0.1) ? `${r.pick(['due', 'visited', 'photo', 'visibility', 'cursor'])}=${urlPart(r)}` : '',
        r.chance(0.1) ? `${urlPart(r)}=${urlPart(r)}` : '',
      ].filter(Boolean);
      return { url: `/api/v1/map/pins?${query.join('&')}`, headers: { cookie: user.cookie } };
    },
  },
  {
    name: 'GET /api/v1/locations/:id',
    request: (r) => ({
      url: `/api/v1/locations/${r.chance(0.2) ? ownSpot : urlPart(r)}`,
      headers: { cookie: user.cookie },
    }),
  },
  {
    // Sharing alone (older clients), a full edit with some fields spoiled, or noise; versions near and far.
    name: 'PATCH /api/v1/locations/:id',
    request: (r) => {
      const edit = {
        ...validSpot(),
        accuracy_m: r.pick([5, 0, -1, 10_001, null]),
        base_version: r.pick([1, 2, 0, -1, 2 ** 31, 1.5, '1']),
      };
      const body = r.pick([{ is_public: value(r) }, mutate(r, edit), value(r)]);
      return json('PATCH', `/api/v1/locations/${r.chance(0.5) ? ownSpot : urlPart(r)}`, body, user.cookie);
    },
  },
  {
    // Who sees a spot: audiences, circles (one's own, someone's unknown, not ids at all), precisions, is_public.
    name: 'PATCH /api/v1/locations/:id (sharing)',
    request: (r) => {
      const body = {
        audience: r.pick(['private', 'circles', 'public', value(r), undefined]),
        circle_ids: r.pick([[ownCircle], [crypto.randomUUID()], [ownCircle, ownCircle], [], value(r), undefined]),
        precision: r.pick(['exact', '1km', '10km', value(r), undefined]),
        is_public: r.pick([true, false, value(r), undefined]),
      };
      return json('PATCH', `/api/v1/locations/${r.chance(0.7) ? ownSpot : urlPart(r)}`, mutate(r, body), user.cookie);
    },
  },
  {
    name: 'POST /api/v1/locations/check',
    request: (r) =>
      json(
        'POST',
        '/api/v1/locations/check',
        r.pick([{ ids: [ownSpot, crypto.randomUUID()] }, { ids: [urlPart(r)] }, { ids: value(r) }, value(r)]),
        user.cookie,
      ),
  },
  {
    name: 'circles',
    request: (r) => {
      const circle = r.chance(0.6) ? ownCircle : r.chance(0.5) ? crypto.randomUUID() : urlPart(r);
      return r.pick([
        json('POST', '/api/v1/circles', r.pick([{ name: value(r) }, { name: text(r) }, value(r)]), user.cookie),
        json(
          'PATCH',
          `/api/v1/circles/${circle}`,
          r.pick([{ name: text(r) }, { owner_id: value(r) }, value(r)]),
          user.cookie,
        ),
        { url: `/api/v1/circles/${circle}/members`, headers: { cookie: user.cookie } },
        json('PATCH', `/api/v1/circles/${circle}/members/${urlPart(r)}`, { role: value(r) }, user.cookie),
        json(
          'POST',
          `/api/v1/circles/${circle}/invites`,
          mutate(r, { expires_in_days: 7, max_uses: 3, email: 'someone@example.com' }),
          user.cookie,
        ),
        { url: `/api/v1/invites/${urlPart(r)}`, headers: { cookie: user.cookie } },
        json('POST', `/api/v1/invites/${urlPart(r)}/accept`, value(r), user.cookie),
      ]);
    },
  },
  {
    name: 'DELETE /api/v1/locations/:id',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/v1/locations/${r.chance(0.5) ? crypto.randomUUID() : urlPart(r)}`,
      headers: { cookie: user.cookie },
    }),
  },
  {
    name: 'POST /api/v1/locations/:id/photos',
    request: async (r) => {
      const fields = r.chance(0.5) ? { id: r.pick([crypto.randomUUID(), urlPart(r), '']) } : {};
      const photo = r.chance(0.7)
        ? { bytes: Buffer.from(Array.from({ length: r.pick([0, 10, 100, 3000]) }, () => r.int(256))) }
        : undefined;
      const body = await multipart(fields, photo);
      const spot = r.chance(0.7) ? ownSpot : urlPart(r);
      return {
        method: 'POST',
        url: `/api/v1/locations/${spot}/photos`,
        headers: { cookie: user.cookie, ...body.headers },
        payload: body.payload,
      };
    },
  },
  {
    name: 'DELETE /api/v1/locations/:id/photos/:photoId',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/v1/locations/${r.chance(0.5) ? ownSpot : urlPart(r)}/photos/${r.chance(0.5) ? crypto.randomUUID() : urlPart(r)}`,
      headers: { cookie: user.cookie },
    }),
  },
  {
    name: 'PUT /api/v1/locations/:id/photos/order',
    request: (r) =>
      json(
        'PUT',
        `/api/v1/locations/${r.chance(0.5) ? ownSpot : urlPart(r)}/photos/order`,
        r.chance(0.5) ? { photo_ids: [crypto.randomUUID(), value(r)] } : value(r),
        user.cookie,
      ),
  },
  {
    name: 'POST /api/v1/locations/:id/visits',
    request: (r) =>
      json(
        'POST',
        `/api/v1/locations/${r.chance(0.7) ? ownSpot : urlPart(r)}/visits`,
        mutate(r, { id: crypto.randomUUID(), date: '2026-10-02', outcome: 'found', amount: 'few', note: 'x' }),
        user.cookie,
      ),
  },
  {
    name: 'GET /api/v1/locations/:id/visits',
    request: (r) => ({
      url: `/api/v1/locations/${r.chance(0.3) ? ownSpot : urlPart(r)}/visits`,
      headers: { cookie: user.cookie },
    }),
  },
  {
    name: 'DELETE /api/v1/locations/:id/visits/:visitId',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/v1/locations/${r.chance(0.5) ? ownSpot : urlPart(r)}/visits/${r.chance(0.5) ? crypto.randomUUID() : urlPart(r)}`,
      headers: { cookie: user.cookie },
    }),
  },
  {
    name: 'GET /api/v1/visits',
    request: (r) => ({
      url: `/api/v1/visits?${r.chance(0.5) ? 'owner=mine' : `${urlPart(r)}=${urlPart(r)}`}`,
      headers: { cookie: user.cookie },
    }),
  },
  ...(['due', 'nearby'] as const).map((what) => ({
    name: `GET /api/v1/fruiting/${what}`,
    request: (r: Random) => {
      const number = () => r.pick([urlPart(r), String(r.pick(NASTY_NUMBERS)), '54.6872', '25.2797', '']);
      const query = [
        r.chance(0.7) ? `lat=${number()}` : '',
        r.chance(0.7) ? `lng=${number()}` : '',
        r.chance(0.5) ? `radius_km=${r.pick(['10', '25', '50', urlPart(r), String(r.pick(NASTY_NUMBERS))])}` : '',
        r.chance(0.1) ? `${urlPart(r)}=${urlPart(r)}` : '',
      ].filter(Boolean);
      return { url: `/api/v1/fruiting/${what}?${query.join('&')}`, headers: { cookie: user.cookie } };
    },
  })),
  {
    name: 'POST /api/v1/import/preview',
    request: async (r) => {
      const file = importFile(r);
      const body = await multipart(r.chance(0.1) ? { [text(r).slice(0, 10)]: text(r) } : {}, {
        ...file,
        field: r.chance(0.95) ? 'file' : 'photo',
      });
      return {
        method: 'POST',
        url: '/api/v1/import/preview',
        headers: { cookie: user.cookie, ...body.headers },
        payload: body.payload,
      };
    },
  },
  {
    name: 'POST /api/v1/import',
    request: async (r) => {
      const fields = mutate(r, {
        import_id: crypto.randomUUID(),
        sharing: 'private',
        include_duplicates: 'false',
        types: '{"0":"car_park"}',
      });
      const form = Object.fromEntries(
        Object.entries(fields).map(([key, field]) => [key, typeof field === 'string' ? field : JSON.stringify(field)]),
      );
      const body = await multipart(form, { ...importFile(r), field: 'file' });
      return {
        method: 'POST',
        url: '/api/v1/import',
        headers: { cookie: user.cookie, ...body.headers },
        payload: body.payload,
      };
    },
  },
  {
    name: 'GET /api/v1/photos/:key',
    request: (r) => ({
      url: `/api/v1/photos/${urlPart(r)}`,
      headers: { cookie: r.chance(0.8) ? user.cookie : `foray.session_token=${urlPart(r)}` },
    }),
  },
  {
    name: 'GET /api/v1/translations/:lng',
    request: (r) => ({ url: `/api/v1/translations/${r.chance(0.2) ? 'lt' : urlPart(r)}` }),
  },
  {
    name: 'GET /api/v1/me (cookies)',
    request: (r) => ({
      url: '/api/v1/me',
      headers: {
        cookie: `foray.session_token=${r.pick([urlPart(r), `${text(r).replace(/[^\x21-\x7e]/g, '')}.${'A'.repeat(43)}=`])}`,
      },
    }),
  },
  {
    name: 'POST /api/auth/sign-in/email',
    request: (r) =>
      json(
        'POST',
        '/api/auth/sign-in/email',
        mutate(r, {
          email: r.chance(0.3) ? user.email : `${text(r)}@example.com`,
          password: r.chance(0.2) ? user.password : text(r),
          rememberMe: true,
        }),
      ),
  },
  {
    name: 'POST /api/auth/sign-up/email',
    request: (r) =>
      json(
        'POST',
        '/api/auth/sign-up/email',
        mutate(r, {
          email: `${r.int(1e9)}${r.chance(0.3) ? text(r) : ''}@example.com`,
          password: 'long enough password',
          name: text(r),
        }),
      ),
  },
  {
    name: 'POST /api/auth/request-password-reset',
    request: (r) =>
      json(
        'POST',
        '/api/auth/request-password-reset',
        mutate(r, {
          email: r.chance(0.3) ? user.email : text(r),
          redirectTo: r.pick(['/reset-password', text(r), 'https://evil.example/']),
        }),
      ),
  },
  {
    name: 'POST /api/auth/reset-password',
    request: (r) =>
      json('POST', '/api/auth/reset-password', mutate(r, { newPassword: 'another long password', token: text(r) })),
  },
  {
    name: 'GET /api/auth/verify-email',
    request: (r) => ({ url: `/api/auth/verify-email?token=${urlPart(r)}&callbackURL=${urlPart(r)}` }),
  },
  {
    name: 'GET /api/v1/me/settings',
    request: () => ({ url: '/api/v1/me/settings', headers: { cookie: user.cookie } }),
  },
  {
    name: 'PATCH /api/v1/me/settings',
    request: (r) => json('PATCH', '/api/v1/me/settings', mutate(r, { default_public: r.chance(0.5) }), user.cookie),
  },
  {
    name: 'GET /api/v1/me/sessions',
    request: () => ({ url: '/api/v1/me/sessions', headers: { cookie: user.cookie } }),
  },
  {
    name: 'POST /api/auth/update-user',
    request: (r) => json('POST', '/api/auth/update-user', mutate(r, { name: text(r) }), user.cookie),
  },
  {
    name: 'POST /api/auth/change-email',
    request: (r) =>
      json(
        'POST',
        '/api/auth/change-email',
        mutate(r, { newEmail: `${r.int(1e9)}${r.chance(0.3) ? text(r) : ''}@example.com` }),
        user.cookie,
      ),
  },
  // Never the real password: the fuzzing user must keep its session and its spots.
  {
    name: 'POST /api/auth/change-password',
    request: (r) =>
      json(
        'POST',
        '/api/auth/change-password',
        mutate(r, { currentPassword: `not-${text(r)}`, newPassword: 'another long password' }),
        user.cookie,
      ),
  },
  {
    name: 'POST /api/auth/delete-user',
    request: (r) => json('POST', '/api/auth/delete-user', mutate(r, { password: `not-${text(r)}` }), user.cookie),
  },
  {
    name: 'GET /api/auth/reset-password/:token',
    request: (r) => ({ url: `/api/auth/reset-password/${urlPart(r)}?callbackURL=${urlPart(r)}` }),
  },
  // Last: turning two-step sign-in off with the right password would replace the session the routes above use.
  ...(['verify-totp', 'verify-backup-code'] as const).map((step) => ({
    name: `POST /api/auth/two-factor/${step}`,
    request: (r: Random) => {
      const cookie = r.pick([
        user.cookie,
        `foray.two_factor=${urlPart(r)}`,
        `foray.two_factor=2fa-${urlPart(r)}.${urlPart(r)}`,
        '',
      ]);
      return json(
        'POST',
        `/api/auth/two-factor/${step}`,
        mutate(r, { code: r.pick(['123456', 'abcde-fghij', text(r)]), trustDevice: value(r) }),
        cookie,
      );
    },
  })),
  ...(['enable', 'disable', 'generate-backup-codes', 'get-totp-uri'] as const).map((action) => ({
    name: `POST /api/auth/two-factor/${action}`,
    request: (r: Random) =>
      json(
        'POST',
        `/api/auth/two-factor/${action}`,
        mutate(r, { password: action !== 'disable' && r.chance(0.2) ? user.password : text(r), issuer: text(r) }),
        user.cookie,
      ),
  })),
];

describe('fuzzing every route', () => {
  it(`answers ${REQUESTS_PER_ROUTE} random requests per route without a 5xx`, async () => {
    const random = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const route of ROUTES) {
      for (let i = 0; i < REQUESTS_PER_ROUTE; i++) {
        const options = await route.request(random);
        const response = await t.app.inject({
          remoteAddress: `10.${random.int(256)}.${random.int(256)}.${random.int(256)}`,
          ...options,
        });
        sent++;
        if (response.statusCode >= 500) {
          failures.push(
            `${route.name} #${i} → ${response.statusCode} ${response.body.slice(0, 200)}\n  ${JSON.stringify({ url: options.url, payload: String(options.payload ?? '').slice(0, 300) })}`,
          );
        }
      }
    }
    // Printed for the record (docs/performance.md): how much was sent, and how much failed.
    console.log(
      `[foray] fuzz on ${process.env.FORAY_TEST_DB}: ${sent} requests over ${ROUTES.length} routes, ${failures.length} answered 5xx (seed ${SEED})`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 600_000);
});
