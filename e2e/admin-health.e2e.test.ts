import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { PASSWORD, signInByApi, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { useForay } from './support/foray.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectVisible } from './support/ui.ts';

const ADMIN = uniqueEmail('administrator');
let scratch: string;

/**
 * The test's own database: the run's migrated template with one confirmed administrator in it, signed up through
 * Foray itself (in this process, before the server starts on a copy of the folder).
 */
beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-e2e-admin-'));
  const dir = path.join(scratch, 'db');
  fs.cpSync(inject('e2eDatabaseTemplate'), dir, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dir });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: scratch,
    PUBLIC_URL: 'http://foray.test',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { database, clientDir: null, backupSocket: false, authResponseFloorMs: 0 });
  try {
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: ADMIN, password: PASSWORD, name: 'Administrator' },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    await database.db.execute(sql`update "user" set email_verified = true, role = 'admin' where email = ${ADMIN}`);
    // The confirmation mail it queued would only wait in the outbox: the address is confirmed here.
    await database.db.execute(sql`delete from mail_outbox`);
  } finally {
    await app.close();
    await database.close();
  }
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// A floor no disk reaches (95 TB): the panel warns that the photos' disk is low.
const foray = useForay({ env: { DISK_FREE_MIN_MB: '100000000' }, databaseTemplate: () => path.join(scratch, 'db') });

async function openHealth(page: Page, words: typeof en) {
  await page.getByRole('button', { name: exactly(words('admin.open')) }).click();
  const panel = page.getByRole('dialog', { name: exactly(words('admin.title')) });
  await expectVisible(panel);
  const health = panel.getByRole('region', { name: exactly(words('admin.health.title')) });
  await expectVisible(health);
  return health;
}

describe('the server’s health on the administration panel', () => {
  it('shows an administrator the version, database, photo storage, backup and mail, with a low-disk warning, in both languages', async () => {
    const { page } = await foray.newPage();
    await signInByApi(page.request, foray.baseUrl, ADMIN);
    await page.goto('/');
    const { version } = (await (await page.request.get('/healthz')).json()) as { version: string };

    const health = await openHealth(page, en);
    await expectVisible(health.getByText(exactly(version)));
    await expectVisible(health.getByText(/^Embedded \(PGlite\), \d/));
    await expectVisible(health.getByText(/free on the disk$/));
    await expectVisible(health.getByText(exactly(en('admin.health.backupNone'))));
    await expectVisible(health.getByText(exactly(en('admin.health.mailNone'))));
    const warning = health.getByRole('alert');
    await expectVisible(warning);
    expect(await warning.innerText()).toContain('DISK_FREE_MIN_MB');
    await expectNoSeriousA11yViolations(page, 'administration panel: health');
    await page.keyboard.press('Escape');

    await page
      .getByRole('group', { name: exactly(en('common.language')) })
      .getByRole('button', { name: 'lt', exact: true })
      .click();
    const lithuanian = await openHealth(page, lt);
    await expectVisible(lithuanian.getByText(exactly(lt('admin.health.backupNone'))));
    await expectVisible(lithuanian.getByText(/^Įtaisytoji \(PGlite\), \d/));
    expect(await lithuanian.getByRole('alert').innerText()).toMatch(/^Nuotraukų diske laisva tik /);
  });
});

describe('an error notice', () => {
  it('names the failed request by its id, in both languages', async () => {
    for (const [words, word] of [
      [en, 'Error'],
      [lt, 'Klaida'],
    ] as const) {
      const { page, errors } = await foray.newPage();
      errors.allow(/401/);
      await page.goto('/');
      if (words === lt)
        await page
          .getByRole('group', { name: exactly(en('common.language')) })
          .getByRole('button', { name: 'lt', exact: true })
          .click();
      await page.getByLabel(words('auth.email')).fill(ADMIN);
      await page.getByLabel(words('auth.password'), { exact: true }).fill('not the password at all');
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in/email'));
      await page.getByRole('button', { name: exactly(words('auth.signIn')) }).click();
      const id = (await answered).headers()['x-request-id']!;
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      const notice = page.getByRole('alert').filter({ hasText: words('auth.signInFailed') });
      await expectVisible(notice);
      await expect.poll(() => notice.innerText()).toContain(`${word} ${id.slice(0, 8)}`);
    }
  });
});
