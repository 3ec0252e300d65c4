// With the embedded database only one process may open the data folder, so `npm run backup` asks the running server
// to make the archive, through a Unix socket in DATA_DIR that only the server's user can open (ADR 0054).
// `npm run admin -- grant|revoke <email>` asks through the same socket (ADR 0082).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupProgress } from './make-backup.ts';

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

type Request = { backup: string } | { admin: 'grant' | 'revoke'; email: string };
type Answer =
  | { progress: BackupProgress }
  | { done: { photos: number; rows: number } }
  | { admin: string }
  | { refused: string }
  | { error: string };

/** Runs `npm run admin`'s command in the server; a refusal (a message for the console) is an AdminCommandRefused. */
export type RunAdminCommand = (request: { command: 'grant' | 'revoke'; email: string }) => Promise<string>;

export type MakeArchive = (
  file: string,
  onProgress: (progress: BackupProgress) => void,
) => Promise<{ photos: number; rows: number }>;

/** Listens on DATA_DIR/backup.sock, mode 0600; one JSON line asks for an archive, JSON lines answer. */
export async function listenForBackupRequests(
  dataDir: string,
  make: MakeArchive,
  log: FastifyBaseLogger,
  runAdmin?: RunAdminCommand,
) {
  const socketPath = backupSocketPath(dataDir);
  // Left by a server that was killed: this process holds the data folder's lock, so no other server listens there.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    const send = (answer: Answer) => {
      if (!connection.destroyed) connection.write(JSON.stringify(answer) + '\n');
    };
    const lines = readline.createInterface({ input: connection });
    lines.once('line', (line) => {
      lines.close();
      let request: Request;
      try {
        request = JSON.parse(line) as Request;
        if ('admin' in request && runAdmin) {
          const { admin, email } = request;
          if ((admin !== 'grant' && admin !== 'revoke') || typeof email !== 'string') throw new Error('bad request');
          log.info({ command: admin }, 'Administrator command through the socket');
          runAdmin({ command: admin, email })
            .then((message) => send({ admin: message }))
            .catch((error: unknown) => {
              if ((error as Error).name === 'AdminCommandRefused') send({ refused: (error as Error).message });
              else {
                log.error({ err: error }, 'Administrator command failed');
                send({ error: (error as Error).message });
              }
            })
            .finally(() => connection.end());
          return;
        }
        if (!('backup' in request) || typeof request.backup !== 'string' || !path.isAbsolute(request.backup))
          throw new Error('bad request');
      } catch {
        send({ error: 'Expected {"backup": "<absolute path of the archive>"}.' });
        connection.end();
        return;
      }
      const file = request.backup;
      log.info({ file }, 'Backup asked for through the socket');
      make(file, (progress) => send({ progress }))
        .then((done) => send({ done }))
        .catch((error: unknown) => {
          log.error({ err: error }, 'Backup failed');
          send({ error: (error as Error).message });
        })
        .finally(() => connection.end());
    });
    connection.on('error', () => {});
  });
  // The socket is made with no permission for anyone but the owner from its first moment: a chmod after listen()
  // would leave an instant in which another user could connect.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** Asks the server holding `dataDir` to write the archive `file`; resolves when it is written. */
export function askServerForBackup(
  dataDir: string,
  file: string,
  onProgress: (progress: BackupProgress) => void,
): Promise<{ photos: number; rows: number }> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(backupSocketPath(dataDir));
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    connection.on('error', (error) =>
      settle(() =>
        reject(
          new Error(
            `A Foray server holds ${dataDir}, but its backup socket does not answer (${(error as NodeJS.ErrnoException).code ?? error.message}). ` +
              'Is it a Foray older than backups? Stop it and run the backup again.',
          ),
        ),
      ),
    );
    connection.on('connect', () => connection.write(JSON.stringify({ backup: file } satisfies Request) + '\n'));
    const lines = readline.createInterface({ input: connection });
    lines.on('line', (line) => {
      const answer = JSON.parse(line) as Answer;
      if ('progress' in answer) onProgress(answer.progress);
      else if ('done' in answer) settle(() => resolve(answer.done));
      else if ('error' in answer) settle(() => reject(new Error(answer.error)));
    });
    connection.on('close', () =>
      settle(() => reject(new Error('The server closed the backup socket before the archive was written.'))),
    );
  });
}

/**
 * Asks the server holding `dataDir` to run `npm run admin`'s command. Resolves with what was done; rejects with an
 * AdminCommandRefused-named error when the server refused it (no such account, the last administrator).
 */
export function askServerToRunAdminCommand(
  dataDir: string,
  request: { command: 'grant' | 'revoke'; email: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(backupSocketPath(dataDir));
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    connection.on('error', (error) =>
      settle(() =>
        reject(
          new Error(
            `A Foray server holds ${dataDir}, but its socket does not answer (${(error as NodeJS.ErrnoException).code ?? error.message}). ` +
              'Is it a Foray older than this command? Stop it and run the command again.',
          ),
        ),
      ),
    );
    connection.on('connect', () =>
      connection.write(JSON.stringify({ admin: request.command, email: request.email } satisfies Request) + '\n'),
    );
    const lines = readline.createInterface({ input: connection });
    lines.on('line', (line) => {
      const answer = JSON.parse(line) as Answer;
      if ('admin' in answer) settle(() => resolve(answer.admin));
      else if ('refused' in answer)
        settle(() => reject(Object.assign(new Error(answer.refused), { name: 'AdminCommandRefused' })));
      else if ('error' in answer) settle(() => reject(new Error(answer.error)));
    });
    connection.on('close', () => settle(() => reject(new Error('The server closed the socket without an answer.'))));
  });
}
