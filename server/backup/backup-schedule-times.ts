/**
 * BACKUP_SCHEDULE's two forms (ADR 0054), in the server's local time (TZ; UTC in most containers):
 * `daily@03:00` (several times: `daily@03:00,15:00`) and `hourly@15` (minute 15 of every hour; `hourly` is minute 0).
 * A small form of our own rather than cron: it says what it does, and these are the schedules a club needs.
 */
export type BackupSchedule =
  { every: 'day'; times: { hour: number; minute: number }[] } | { every: 'hour'; minute: number };

export const DEFAULT_BACKUP_SCHEDULE = 'daily@03:00';

const DAILY = /^daily@(\d{1,2}:\d{2}(?:,\d{1,2}:\d{2})*)$/;
const HOURLY = /^hourly(?:@(\d{1,2}))?$/;

/** Why `text` is not a schedule, or null when it is one. */
export function scheduleProblem(text: string): string | null {
  try {
    parseSchedule(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export function parseSchedule(text: string): BackupSchedule {
  const trimmed = text.trim().toLowerCase();
  const daily = DAILY.exec(trimmed);
  if (daily) {
    const times = daily[1]!.split(',').map((time) => {
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      if (hour > 23 || minute > 59) throw new Error(`${time} is not a time of day (00:00 to 23:59)`);
      return { hour, minute };
    });
    times.sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute));
    return { every: 'day', times };
  }
  const hourly = HOURLY.exec(trimmed);
  if (hourly) {
    const minute = Number(hourly[1] ?? 0);
    if (minute > 59) throw new Error(`minute ${minute} is not 0 to 59`);
    return { every: 'hour', minute };
  }
  throw new Error('must be daily@HH:MM (e.g. daily@03:00, or daily@03:00,15:00) or hourly@MM (e.g. hourly@15)');
}

/** The first time of the schedule strictly after `after`, in the server's local time. */
export function nextRun(schedule: BackupSchedule, after: Date): Date {
  if (schedule.every === 'hour') {
    const next = new Date(after);
    next.setMinutes(schedule.minute, 0, 0);
    if (next <= after) next.setHours(next.getHours() + 1);
    return next;
  }
  for (let dayOffset = 0; dayOffset <= 1; dayOffset++) {
    for (const { hour, minute } of schedule.times) {
      const next = new Date(after);
      next.setDate(next.getDate() + dayOffset);
      next.setHours(hour, minute, 0, 0);
      if (next > after) return next;
    }
  }
  // Unreachable: some time tomorrow is always after now.
  throw new Error('no next backup time');
}
