import { describe, expect, it } from 'vitest';
import { dueNow } from '../../../common/fruiting-due.ts';
import type { Spot } from '../../../common/schemas/spots.ts';
import type { DeviceVisit } from '../../domain/offline/kept-visits.ts';
import { dueSpotsOnDevice } from './due-on-device.ts';

const spot = (id: string, isOwner = true) =>
  ({ id, is_owner: isOwner, mushroom_types: `Spot ${id}`, latitude: 55, longitude: 24 }) as Spot;
let n = 0;
const visit = (location_id: string, date: string, outcome: 'found' | 'nothing', created_at?: string): DeviceVisit => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  location_id,
  date,
  outcome,
  amount: null,
  ...(created_at && { created_at }),
});

describe('dueSpotsOnDevice', () => {
  it('keeps one’s own spots with a find, their visits oldest first', () => {
    const spots = dueSpotsOnDevice(
      [spot('a'), spot('b'), spot('c', false)],
      [
        visit('a', '2025-11-20', 'found'),
        visit('a', '2024-11-25', 'found'),
        visit('b', '2025-11-20', 'nothing'),
        visit('c', '2025-11-20', 'found'),
      ],
    );
    expect(spots.map((s) => s.location_id)).toEqual(['a']);
    expect(spots[0]!.visits.map((v) => v.date)).toEqual(['2024-11-25', '2025-11-20']);
  });

  it('ranks as the server does: three autumns above one, above a "nothing" yesterday', () => {
    const visits = [
      ...['2023', '2024', '2025'].map((year) => visit('three', `${year}-11-25`, 'found')),
      visit('once', '2025-11-25', 'found'),
      visit('checked', '2025-11-25', 'found'),
      visit('checked', '2026-11-27', 'nothing'),
    ];
    const ranked = dueNow(dueSpotsOnDevice([spot('once'), spot('checked'), spot('three')], visits), {
      today: '2026-11-28',
    });
    expect(ranked.map((item) => item.location_id)).toEqual(['three', 'once', 'checked']);
  });

  it('puts a visit still waiting to be sent after the kept ones of its day', () => {
    const kept = visit('a', '2025-11-20', 'found', '2025-11-20T10:00:00Z');
    const waiting = visit('a', '2025-11-20', 'nothing');
    expect(dueSpotsOnDevice([spot('a')], [waiting, kept])[0]!.visits.map((v) => v.outcome)).toEqual([
      'found',
      'nothing',
    ]);
  });
});
