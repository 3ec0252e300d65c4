import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveDamagedError } from './backup-errors.ts';
import { createTarWriter, listTar, readEntryBuffer } from './tar.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-tar-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function archiveOf(entries: Record<string, Buffer>) {
  const file = path.join(dir, `${crypto.randomUUID()}.tar`);
  const tar = await createTarWriter(file);
  for (const [name, bytes] of Object.entries(entries)) {
    // Streamed in pieces, as a table's dump is: the header is written before the length is known.
    await tar.addStream(
      name,
      (async function* () {
        for (let at = 0; at < bytes.length; at += 700) yield bytes.subarray(at, at + 700);
      })(),
    );
  }
  await tar.finish();
  return file;
}

describe('the backup archive’s tar', () => {
  const entries = {
    'database/locations.jsonl.gz': Buffer.alloc(1500, 7),
    'photos/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp': Buffer.from('RIFF webp bytes'),
    empty: Buffer.alloc(0),
  };

  it('is a plain tar file that the system’s tar lists and unpacks, only its owner may read', async () => {
    const file = await archiveOf(entries);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(Object.keys(entries));
    const out = fs.mkdtempSync(path.join(dir, 'out-'));
    execFileSync('tar', ['-xf', file, '-C', out]);
    for (const [name, bytes] of Object.entries(entries)) expect(fs.readFileSync(path.join(out, name))).toEqual(bytes);
  });

  it('reads back each entry where it was written', async () => {
    const file = await archiveOf(entries);
    const listed = await listTar(file);
    expect(listed.map((entry) => entry.path)).toEqual(Object.keys(entries));
    for (const entry of listed)
      expect(await readEntryBuffer(file, entry)).toEqual(entries[entry.path as keyof typeof entries]);
  });

  it('says an archive is truncated or damaged, wherever it was cut or a header changed', async () => {
    const file = await archiveOf(entries);
    const bytes = fs.readFileSync(file);
    for (const length of [100, 512, 1000, 2048, bytes.length - 1024, bytes.length - 1]) {
      const cut = path.join(dir, `cut-${length}.tar`);
      fs.writeFileSync(cut, bytes.subarray(0, length));
      await expect(listTar(cut), `cut at ${length}`).rejects.toThrow(ArchiveDamagedError);
      await expect(listTar(cut), `cut at ${length}`).rejects.toThrow(/truncated/);
    }
    const changed = Buffer.from(bytes);
    changed[130] = changed[130]! ^ 0x01; // in the first header's size field
    const damaged = path.join(dir, 'damaged.tar');
    fs.writeFileSync(damaged, changed);
    await expect(listTar(damaged)).rejects.toThrow(/damaged: the entry header at byte 0 is corrupt/);
  });
});
