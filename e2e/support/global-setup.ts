import fs from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './browser.ts';
import { FORAY_ROOT } from './foray-server.ts';

/**
 * Runs once before the browser tests. A missing browser or a missing build is a failure, never a skip:
 * a green run must mean the app was really driven in Chromium.
 */
export default function checkBrowserTestPrerequisites() {
  const browser = chromiumPath();
  if (!fs.existsSync(browser)) {
    throw new Error(
      `No Chromium at ${browser}. Install it (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.`,
    );
  }
  const indexHtml = path.join(FORAY_ROOT, 'dist/client/index.html');
  if (!fs.existsSync(indexHtml)) {
    throw new Error(`No built client at ${indexHtml}. Run \`npm run build\` before the browser tests.`);
  }
}
