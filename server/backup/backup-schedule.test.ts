import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { nextRun, parseSchedule } from './backup-schedule-times.ts';
import { removeOldArchives, scheduledArchiveName } from './backup-schedule.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-schedule-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const BASE = { DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(32) };
/** A local time on 27 November 2026. */
const at = (hour: number, minute: number, day = 27) => new Date(2026, 10, day, hour, minute, 0, 0);

describe('BACKUP_SCHEDULE', () => {
  it('is off unless BACKUP_DIR is set, and then daily at 03:00 keeping 14', () => {
    expect(loadConfig(BASE).backup).toBeNull();
    expect(loadConfig({ ...BASE, BACKUP_DIR: path.join(dir, 'b') }).backup).toEqual({
      dir: path.join(dir, 'b'),
      schedule: { every: 'day', times: [{ hour: 3, minute: 0 }] },
      keep: 14,
    });
  });

  it('stops with the variable named when it is not a schedule, or has no folder to write to', () => {
    for (const env of [
      { BACKUP_DIR: dir, BACKUP_SCHEDULE: 'every night' },
      { BACKUP_DIR: dir, BACKUP_SCHEDULE: 'daily@25:00' },
      { BACKUP_DIR: dir, BACKUP_KEEP: '0' },
    ]) {
      expect(() => loadConfig({ ...BASE, ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ ...BASE, ...env }), JSON.stringify(env)).toThrow(/BACKUP_(SCHEDULE|KEEP)/);
    }
    expect(() => loadConfig({ ...BASE, BACKUP_SCHEDULE: 'daily@03:00' })).toThrow(/BACKUP_DIR: is required/);
  });

  it('runs next at the first of its times after now, tomorrow when today’s have passed', () => {
    const daily = parseSchedule('daily@15:30,03:00');
    expect(nextRun(daily, at(2, 59))).toEqual(at(3, 0));
    expect(nextRun(daily, at(3, 0))).toEqual(at(15, 30));
    expect(nextRun(daily, at(23, 0))).toEqual(at(3, 0, 28));
    const hourly = parseSchedule('hourly@15');
    expect(nextRun(hourly, at(10, 14))).toEqual(at(10, 15));
    expect(nextRun(hourly, at(10, 15))).toEqual(at(11, 15));
    expect(nextRun(parseSchedule('hourly'), at(10, 15))).toEqual(at(11, 0));
  });
});

describe('keeping BACKUP_KEEP archives', () => {
  it('removes the oldest scheduled archives beyond the newest few, and nothing else in the folder', async () => {
    const folder = fs.mkdtempSync(path.join(dir, 'keep-'));
    const slots = [1, 2, 3, 4].map((day) => new Date(Date.UTC(2026, 10, day, 3, 0)));
    for (const slot of slots) fs.writeFileSync(path.join(folder, scheduledArchiveName(slot)), 'archive');
    fs.writeFileSync(path.join(folder, 'before-upgrade.tar'), 'the operator’s own');

    const removed = await removeOldArchives(folder, 2);

    expect(removed).toEqual(['foray-backup-20261101T0300Z.tar', 'foray-backup-20261102T0300Z.tar']);
    expect(fs.readdirSync(folder).sort()).toEqual([
      'before-upgrade.tar',
      'foray-backup-20261103T0300Z.tar',
      'foray-backup-20261104T0300Z.tar',
    ]);
  });
});
