// The server's floor of free disk (ADR 0081): below it photo uploads are answered 507, which is no fault of the
// spot — the phone keeps it waiting, says the server's storage is full, and sends it later by itself. The server here
// asks for more free disk than any machine has.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { outboxOf } from './support/device.ts';
import { recordSpot, serverSpots, useOfflineForay } from './support/offline.ts';
import { en } from './support/texts.ts';
import { expectToast, expectVisible, UI_TIMEOUT_MS } from './support/ui.ts';

const offline = useOfflineForay({ env: { DISK_FREE_MIN_MB: '100000000' } });

describe('the server’s storage full', () => {
  it('keeps a spot with a photo waiting, says why, and tries again later', async () => {
    const { page, context } = await offline.forager();
    await context.setOffline(true);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#6a8' } })
      .jpeg()
      .toBuffer();
    await recordSpot(page, 'Waiting for room', { photo: { name: 'glade.jpg', mimeType: 'image/jpeg', buffer: photo } });
    await expectToast(page, { title: en('offline.savedOnDeviceTitle') });

    await context.setOffline(false);
    await expectVisible(page.getByText(en('offline.storageFullRetry')));
    await expect
      .poll(() => offline.proxy.count('POST', /^\/api\/v1\/locations$/), { timeout: UI_TIMEOUT_MS })
      .toBeGreaterThan(0);
    expect((await outboxOf(page)).map((entry) => entry.status)).toEqual(['waiting']);
    expect(await serverSpots(page, 'Waiting for room')).toEqual([]);
  });
});
