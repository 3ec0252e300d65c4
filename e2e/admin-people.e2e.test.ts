import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { openDatabase } from '../server/db/client.ts';
import { signedInUser, uniqueEmail } from './support/accounts.ts';
import { PHONE, setDisplayName } from './support/circles.ts';
import { useForay } from './support/foray.ts';
import { FORAY_ROOT } from './support/foray-server.ts';
import { en, exactly, lt } from './support/texts.ts';
import { expectGone, expectToast, expectVisible } from './support/ui.ts';

// An administrator runs the people on the server from the panel (ADR 0082): approves a sign-up waiting for it,
// disables a member (whose open page is signed out with "disabled" on its next request), enables them again, deletes
// them after a question that names them; the audit log lists each. A member sees no administration at all.

// The server's data folder is the test's own: a sign-up waiting for approval is written into its database before
// the server starts (the sign-up policy that makes one is tested on its own), and `npm run admin` is pointed at it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-e2e-admin-'));
const waitingEmail = uniqueEmail('waiting');
const WAITING_NAME = 'Laukiantis Grybautojas';
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
beforeAll(async () => {
  fs.cpSync(inject('e2eDatabaseTemplate'), path.join(dataDir, 'db'), { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db'), migrations: 'none' });
  try {
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified, status)
      values (${crypto.randomUUID()}, ${WAITING_NAME}, ${waitingEmail}, true, 'pending')`);
  } finally {
    await database.close();
  }
});
const foray = useForay({ env: { DATA_DIR: dataDir } });

/** `npm run admin -- grant <email>` on the server's console, while it runs. */
async function grantAdmin(email: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/features/admin/admin-command.ts', 'grant', email], {
    cwd: FORAY_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, output).toBe(0);
}

async function forager(label: string, name: string) {
  const who = await foray.newPage({ viewport: PHONE });
  const { email } = await signedInUser(who.page, foray, uniqueEmail(label));
  await setDisplayName(who.page, foray.baseUrl, name);
  return { ...who, email };
}

const personRow = (page: Page, name: string, words = en) =>
  page
    .getByRole('region', { name: exactly(words('admin.people.title')) })
    .getByRole('listitem')
    .filter({ hasText: name });

describe('the people on the server', () => {
  it('approves, disables, enables and deletes from the panel; the audit log lists it; a member sees none of it', async () => {
    const admin = await forager('panel-admin', 'Rūta Administratorė');
    const member = await forager('panel-member', 'Jonas Narys');
    await grantAdmin(admin.email);
    await admin.page.reload();

    // A member has no way into the administration.
    await member.page.reload();
    await expectVisible(member.page.getByRole('button', { name: exactly(en('account.open')) }));
    expect(await member.page.getByRole('button', { name: exactly(en('admin.open')) }).count()).toBe(0);

    await admin.page.getByRole('button', { name: exactly(en('admin.open')) }).click();
    const panel = admin.page.getByRole('dialog', { name: exactly(en('admin.title')) });
    await expectVisible(panel.getByText(en('admin.people.pendingWaiting_one', { count: 1 })));

    // Approve the sign-up that waits; the person is told by mail.
    await panel.getByRole('button', { name: exactly(en('admin.people.approveOf', { name: WAITING_NAME })) }).click();
    await expectToast(admin.page, { title: en('admin.people.approved', { name: WAITING_NAME }) });
    await foray.mail.waitForMail(waitingEmail, /approved/);
    await expectGone(panel.getByText(en('admin.people.pendingWaiting_one', { count: 1 })));

    // Disable the member: their open page is signed out, told why, on its next request.
    await panel.getByRole('button', { name: exactly(en('admin.people.disableOf', { name: 'Jonas Narys' })) }).click();
    await expectToast(admin.page, { title: en('admin.people.disabled', { name: 'Jonas Narys' }) });
    const refused = await member.page.request.get('/api/v1/me');
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.code).toBe('ACCOUNT_DISABLED');
    await expectVisible(personRow(admin.page, 'Jonas Narys').getByText(en('admin.people.status.disabled')));

    // Enabled again, the old session stays ended: the member signs in anew.
    await panel.getByRole('button', { name: exactly(en('admin.people.enableOf', { name: 'Jonas Narys' })) }).click();
    await expectToast(admin.page, { title: en('admin.people.enabled', { name: 'Jonas Narys' }) });
    const stillOut = await member.page.request.get('/api/v1/me');
    expect((await stillOut.json()).error.code).toBe('UNAUTHENTICATED');

    // Delete, after a question that names the person.
    await panel.getByRole('button', { name: exactly(en('admin.people.deleteOf', { name: 'Jonas Narys' })) }).click();
    const question = admin.page.getByRole('dialog', {
      name: exactly(en('admin.people.deleteQuestion', { name: 'Jonas Narys', email: member.email })),
    });
    await expectVisible(question);
    await question.getByRole('button', { name: exactly(en('admin.people.deleteConfirm')) }).click();
    await expectToast(admin.page, { title: en('admin.people.deleted', { name: 'Jonas Narys' }) });
    await expectGone(personRow(admin.page, 'Jonas Narys'));

    // The audit log, newest first.
    const audit = panel.getByRole('region', { name: exactly(en('admin.audit.title')) });
    const entries = audit.getByRole('listitem');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(5);
    const words = await entries.allInnerTexts();
    const actions = [
      en('admin.audit.action.userDelete'),
      en('admin.audit.action.userEnable'),
      en('admin.audit.action.userDisable'),
      en('admin.audit.action.userApprove'),
      en('admin.audit.action.userRole'),
    ];
    actions.forEach((action, index) => expect(words[index], action).toMatch(new RegExp(`^${action}`)));
    expect(words[0]).toContain(en('admin.audit.by', { who: `Rūta Administratorė (${admin.email})` }));
    expect(words[0]).toContain(en('admin.audit.on', { who: en('admin.audit.goneAccount') }));
    expect(words[3]).toContain(`${WAITING_NAME} (${waitingEmail})`);
    expect(words[4]).toContain(en('admin.audit.console'));
  });

  it('speaks Lithuanian', async () => {
    const admin = await forager('panel-admin-lt', 'Aldona Administratorė');
    await grantAdmin(admin.email);
    await admin.page.reload();
    const languages = admin.page.getByRole('group', { name: exactly(en('common.language')) });
    await languages.getByRole('button', { name: 'lt', exact: true }).click();
    await admin.page.getByRole('button', { name: exactly(lt('admin.open')) }).click();
    const panel = admin.page.getByRole('dialog', { name: exactly(lt('admin.title')) });
    await expectVisible(panel.getByRole('heading', { name: exactly(lt('admin.people.title')) }));
    await expectVisible(panel.getByRole('heading', { name: exactly(lt('admin.audit.title')) }));
    await expectVisible(panel.getByLabel(lt('admin.people.search')));
    await expectVisible(
      personRow(admin.page, 'Aldona Administratorė', lt).getByText(lt('admin.people.roleAdmin'), { exact: true }),
    );
    await expectVisible(panel.getByText(lt('admin.audit.action.userRole')).first());
  });
});
