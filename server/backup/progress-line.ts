/**
 * One line on the terminal that says how far a backup or restore is, rewritten in place; nothing when stderr is not
 * a terminal (a log file or cron's mail would fill with carriage returns).
 */
export function progressLine(stream: NodeJS.WriteStream = process.stderr) {
  let last = 0;
  let shown = false;
  return {
    show(text: string) {
      if (!stream.isTTY) return;
      const now = performance.now();
      if (now - last < 100) return;
      last = now;
      shown = true;
      stream.write(`\r\x1b[K${text}`);
    },
    end() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}

export const formatBytes = (bytes: number) =>
  bytes >= 1 << 30
    ? `${(bytes / (1 << 30)).toFixed(1)} GiB`
    : bytes >= 1 << 20
      ? `${(bytes / (1 << 20)).toFixed(1)} MiB`
      : `${Math.ceil(bytes / 1024)} KiB`;
