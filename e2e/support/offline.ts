// A forager on a phone with Foray behind a recording proxy: what the offline tests share.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Spot } from '../../common/schemas/spots.ts';
import { signedInUser, uniqueEmail } from './accounts.ts';
import { waitForServiceWorkerControl } from './service-worker.ts';
import { useForay, type ForayOptions } from './foray.ts';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.ts';
import { photoFile } from './photos.ts';
import { addForm, clickMap } from './spots.ts';
import { en, exactly } from './texts.ts';
import { expectVisible } from './ui.ts';

const PHONE = { viewport: { width: 390, height: 844 } };
/** Uploads wait for a backoff of about 5 s after a failure; give them a few rounds. */
export const SYNC_TIMEOUT_MS = 30_000;

/**
 * One Foray for the test file with a recording proxy in front of it: pages talk to the proxy, which
 * counts what really reached the server (auth's sign-up limit of 5 a minute caps each file at 5 users).
 */
export function useOfflineForay(options: ForayOptions = {}) {
  const foray = useForay(options);
  const handle = { foray, proxy: undefined as unknown as RecordingProxy };
  beforeAll(async () => {
    handle.proxy = await startRecordingProxy(foray.baseUrl);
  });
  afterAll(() => handle.proxy?.close());

  /**
   * A signed-in forager on a phone-sized page whose service worker is in control. `quotaBytes` gives the
   * browser profile that much storage from the start (Chromium keeps the quota it first saw for storage
   * already in use, so it must be set before the first page loads); the service worker can't install then.
   */
  async function forager(
    email = uniqueEmail(),
    options: {
      quotaBytes?: number;
      geolocation?: { latitude: number; longitude: number };
      /** The display name chosen at sign-up; null for none (signedInUser). */
      name?: string | null;
    } = {},
  ) {
    const session = await foray.newPage({
      ...PHONE,
      baseURL: handle.proxy.url,
      ...(options.geolocation && { permissions: ['geolocation'], geolocation: options.geolocation }),
    });
    // Offline, every request that misses the cache fails, and Chromium logs each one.
    session.errors.allow(
      /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|Failed to load resource|ERR_CONNECTION|ERR_EMPTY_RESPONSE/,
    );
    if (options.quotaBytes !== undefined) {
      const cdp = await session.context.newCDPSession(session.page);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: handle.proxy.url, quotaSize: options.quotaBytes });
    }
    await signedInUser(session.page, foray, email, options.name);
    await expectVisible(session.page.getByText(en('app.welcome', { email })));
    if (options.quotaBytes === undefined) await waitForServiceWorkerControl(session.page);
    return { ...session, email };
  }
  return Object.assign(handle, { forager });
}

export const pendingMarker = (page: Page, title: string) =>
  page.getByRole('button', {
    name: exactly(`${en('locationTypes.mushroom_spot')}: ${title} (${en('offline.waitingToUpload')})`),
  });

export async function recordSpot(
  page: Page,
  title: string,
  options: { dx?: number; dy?: number; photo?: { name: string; mimeType: string; buffer: Buffer } } = {},
) {
  await clickMap(page, options.dx ?? 0, options.dy ?? 0);
  const form = addForm(page);
  await form.getByLabel(en('form.mushroomTypes')).fill(title);
  await form.getByLabel(en('form.finder')).fill('Ona');
  if (options.photo) {
    await form.getByLabel(en('form.uploadPhoto')).setInputFiles(photoFile(options.photo));
    await expectVisible(form.getByRole('img', { name: exactly(en('form.photoPreview')) }));
  }
  await form.getByRole('button', { name: exactly(en('form.save')) }).click();
}

/** The user's own spots with this title, as the server holds them. */
export async function serverSpots(page: Page, title: string): Promise<Spot[]> {
  const response = await page.request.get('/api/v1/locations?owner=mine&limit=200');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Spot[] }).items.filter((spot) => spot.mushroom_types === title);
}
