// What a third party's program does with Foray, written only against a client generated from the OpenAPI document
// (@hey-api/openapi-ts): sign up, confirm, sign in, create a spot and add its photo, share it with a new circle,
// invite a friend who joins and sees it, export GPX, turn two-step sign-in on and sign in with it, sign out.
//
// It is not compiled with the rest of Foray: generated-client.api.test.ts generates the client from the served
// document into a folder of its own, puts this file beside it (./foray/), type-checks it there with no cast allowed
// and no request written by hand, and runs it against a Foray listening on a port. A document that says less than
// the server does fails here: a missing field does not compile, a wrong shape or media type fails a check.
// eslint-disable-next-line no-restricted-imports -- the generated API client's own folder, not Foray's web app (client/)
import { createClient, createConfig, type Client } from './foray/client/index.ts';
import {
  acceptInvite,
  addSpotPhoto,
  createCircle,
  createInvite,
  createSpot,
  editSpot,
  enableTwoStep,
  exportSpots,
  getInvite,
  getMe,
  getPhoto,
  getSpot,
  signIn,
  signOut,
  signUp,
  verifyEmail,
  verifyTotp,
} from './foray/index.ts';

export type ScenarioDeps = {
  /** Where Foray listens. */
  baseUrl: string;
  /** The link in the newest mail to `email` whose subject matches. */
  mailedLink: (email: string, subject: RegExp) => Promise<string>;
  /** An authenticator app's code for the otpauth:// URI, `stepsAhead` 30-second steps from now. */
  totpCode: (totpURI: string, stepsAhead: number) => string;
  /** A small JPEG, as a phone's camera gives. */
  photo: Uint8Array;
};

export type ScenarioResult = {
  spotId: string;
  circleIds: string[];
  friendSaw: { notes: string | null; photoType: string; photoBytes: number };
  gpx: string;
  signedInWithCode: boolean;
  afterSignOut: { status: number; code: string };
};

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Scenario: ${message}`);
}

/** The answer's data, or the scenario stops with the error the server gave. */
function must<Data, Failure>(
  result: ({ data: Data; error: undefined } | { data: undefined; error: Failure }) & { response?: Response },
  what: string,
): NonNullable<Data> {
  if (result.error !== undefined || result.data == null) {
    throw new Error(`Scenario: ${what} answered ${result.response?.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/** One person's client: the cookies Foray sets are kept and sent back, as the document's security schemes say. */
function personClient(baseUrl: string): { client: Client; has: (name: string) => boolean } {
  const cookies = new Map<string, string>();
  const client = createClient(createConfig({ baseUrl }));
  client.setConfig({ auth: (scheme) => (scheme.name === undefined ? undefined : cookies.get(scheme.name)) });
  client.interceptors.response.use((response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /;\s*max-age=0\b/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  });
  return { client, has: (name) => cookies.has(name) };
}

/** Signs a new person up, confirms the address with the mailed link's token and signs them in. */
async function newAccount(deps: ScenarioDeps, email: string, password: string, name: string) {
  const person = personClient(deps.baseUrl);
  const { client } = person;
  const signedUp = must(await signUp({ client, body: { email, password, name } }), 'sign-up');
  check(signedUp.ok, 'sign-up says ok');

  const link = new URL(await deps.mailedLink(email, /Confirm your e-mail/));
  const token = link.searchParams.get('token');
  check(token !== null, 'the confirmation link carries a token');
  const confirmed = must(await verifyEmail({ client, query: { token } }), 'confirmation');
  check(confirmed.status, 'the address is confirmed');

  must(await signIn({ client, body: { email, password } }), 'sign-in');
  const me = must(await getMe({ client }), 'who am I');
  check(me.email === email, 'signed in as the new account');
  return person;
}

export async function runScenario(deps: ScenarioDeps): Promise<ScenarioResult> {
  const password = 'correct horse battery staple';
  const owner = await newAccount(deps, 'ona@example.com', password, 'Ona');
  const client = owner.client;

  // A spot, then its photo through the photos route (the generated client sends the create as JSON).
  const spot = must(
    await createSpot({
      client,
      body: {
        type: 'mushroom_spot',
        mushroom_types: 'Chanterelle',
        finder: 'Ona',
        date_found: '2026-09-14',
        notes: 'Under the old spruce',
        latitude: 54.6872,
        longitude: 25.2797,
        audience: 'private',
      },
    }),
    'create a spot',
  );
  const withPhoto = must(
    await addSpotPhoto({
      client,
      path: { id: spot.id },
      body: { photo: new Blob([new Uint8Array(deps.photo)], { type: 'image/jpeg' }) },
    }),
    'add its photo',
  );
  const photo = withPhoto.photos[0];
  check(photo !== undefined && withPhoto.photo_url === photo.url, 'the photo is the spot’s cover');

  // Shared with a new circle.
  const circle = must(await createCircle({ client, body: { name: 'Family' } }), 'create a circle');
  const shared = must(
    await editSpot({
      client,
      path: { id: spot.id },
      body: { audience: 'circles', circle_ids: [circle.id], base_version: spot.version },
    }),
    'share the spot with the circle',
  );
  check(shared.audience === 'circles' && shared.circle_ids.includes(circle.id), 'the spot is shared with the circle');

  // An invitation by e-mail; the friend signs up, joins, and sees the spot and its photo.
  const invite = must(
    await createInvite({ client, path: { id: circle.id }, body: { email: 'jonas@example.com' } }),
    'invite a friend',
  );
  const friend = await newAccount(deps, 'jonas@example.com', password, 'Jonas');
  const preview = must(
    await getInvite({ client: friend.client, path: { token: invite.token } }),
    'open the invitation',
  );
  check(preview.circle.name === 'Family', 'the invitation names the circle');
  must(await acceptInvite({ client: friend.client, path: { token: invite.token } }), 'join the circle');
  const seen = must(await getSpot({ client: friend.client, path: { id: spot.id } }), 'the friend reads the spot');
  const key = seen.photos[0]?.url.split('/').pop();
  check(key !== undefined && seen.photos[0]?.id === photo.id, 'the friend sees the photo');
  const photoFile = must(await getPhoto({ client: friend.client, path: { key } }), 'the friend downloads the photo');

  // The owner's spots as GPX.
  const exported = must(await exportSpots({ client, query: { format: 'gpx' } }), 'export GPX');
  const gpx = await exported.text();

  // Two-step sign-in: on with the first code from the app, then a sign-in that needs a code.
  const started = must(await enableTwoStep({ client, body: { password } }), 'turn two-step sign-in on');
  must(await verifyTotp({ client, body: { code: deps.totpCode(started.totpURI, 0) } }), 'the first code');
  must(await signOut({ client }), 'sign out');
  const waiting = must(await signIn({ client, body: { email: 'ona@example.com', password } }), 'sign in again');
  check(waiting.twoFactorRedirect === true, 'the sign-in waits for a code');
  must(await verifyTotp({ client, body: { code: deps.totpCode(started.totpURI, 1) } }), 'the second step');
  const signedInWithCode = must(await getMe({ client }), 'who am I, after the code').email === 'ona@example.com';

  // Signed out: the session is no more.
  must(await signOut({ client }), 'sign out at the end');
  const after = await getMe({ client });
  check(after.error !== undefined, 'signed out, who am I is refused');

  return {
    spotId: spot.id,
    circleIds: shared.circle_ids,
    friendSaw: { notes: seen.notes, photoType: photoFile.type, photoBytes: photoFile.size },
    gpx,
    signedInWithCode,
    afterSignOut: { status: after.response?.status ?? 0, code: after.error.error.code },
  };
}
