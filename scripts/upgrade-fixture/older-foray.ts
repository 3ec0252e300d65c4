// How scripts/make-upgrade-fixture.ts talks to the older Foray it runs: its API with a cookie jar per person, photos
// made on the spot, people who sign up and confirm their address, and spots recorded as a form.
import sharp from 'sharp';
import type { SmtpCatcher } from '../../server/test/smtp-catcher.ts';

export type Jar = { cookie: string };

/** Every person's password. */
export const PASSWORD = 'chanterelle-autumn-42';

/** The older Foray at `baseUrl`, its mail caught by `mail`. */
export function olderForayClient(baseUrl: string, mail: SmtpCatcher) {
  async function call(jar: Jar | null, method: string, url: string, body?: unknown) {
    const headers: Record<string, string> = { origin: baseUrl };
    if (jar?.cookie) headers.cookie = jar.cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(baseUrl + url, { method, headers, body: payload, redirect: 'manual' });
    if (jar) {
      const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
      const kept = new Map(
        jar.cookie ? jar.cookie.split('; ').map((pair) => pair.split('=', 2) as [string, string]) : [],
      );
      for (const pair of cookies) {
        const [key, value] = pair.split('=', 2) as [string, string];
        kept.set(key, value);
      }
      jar.cookie = [...kept].map(([key, value]) => `${key}=${value}`).join('; ');
    }
    if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  }

  const jpeg = (background: string) =>
    sharp({ create: { width: 900, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const photoForm = async (colour: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('photo', new Blob([await jpeg(colour)], { type: 'image/jpeg' }), `${colour.slice(1)}.jpg`);
    return form;
  };

  async function person(email: string): Promise<Jar> {
    await call(null, 'POST', '/api/auth/sign-up/email', { email, password: PASSWORD });
    const link = mail.linkIn(await mail.waitForMail(email, /confirm your e-mail/i));
    await fetch(link, { redirect: 'manual' });
    const jar = { cookie: '' };
    await call(jar, 'POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    return jar;
  }

  async function spot(jar: Jar, fields: Record<string, string>, photo?: string) {
    const form = photo ? await photoForm(photo) : new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return (await (await call(jar, 'POST', '/api/v1/locations', form)).json()) as { id: string };
  }

  return { call, photoForm, person, spot };
}

export type OlderForay = ReturnType<typeof olderForayClient>;
