import { describe, expect, it } from 'vitest';
import { deviceOf } from './device-name.ts';

describe('deviceOf', () => {
  it('names the browser and system of common phones and computers', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iPhone' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({
      browser: 'Firefox',
      system: 'Linux',
    });
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari', system: 'macOS' });
  });

  it('says nothing it does not know', () => {
    expect(deviceOf(null)).toEqual({ browser: null, system: null });
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, system: null });
  });
});
