// Puts a phone-sized screenshot of Foray into a simple phone drawn here: a rounded dark body, a status bar above
// the page (time, signal, battery, the camera's pill) and rounded screen corners, written as a palette PNG small
// enough for the README.
import sharp from 'sharp';

/** The frame in the page's CSS pixels: the bezel round the screen, and the corners' radii. */
const BEZEL = 13;
const SCREEN_RADIUS = 46;
const STATUS_BAR = 44;

/**
 * The framed phone as PNG bytes. `page` is the screenshot of a viewport `width` CSS pixels wide, taken at any
 * device scale; the result is `scale` output pixels per CSS pixel.
 */
export async function framePhone(page: Buffer, width: number, scale: number): Promise<Buffer> {
  const px = (css: number) => Math.round(css * scale);
  const source = sharp(page);
  const { width: shotWidth, height: shotHeight } = await source.metadata();
  const screenWidth = px(width);
  const pageHeight = Math.round((shotHeight * screenWidth) / shotWidth);
  const screenHeight = px(STATUS_BAR) + pageHeight;
  // The status bar takes the colour of the page's top edge, as a phone's does.
  const { data: corner } = await sharp(page).extract({ left: 2, top: 2, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  const background = `rgb(${corner[0]},${corner[1]},${corner[2]})`;

  const shrunk = await source.resize({ width: screenWidth, height: pageHeight, kernel: 'lanczos3' }).png().toBuffer();
  const screen = await sharp({
    create: { width: screenWidth, height: screenHeight, channels: 4, background },
  })
    .composite([
      { input: Buffer.from(statusBar(screenWidth, px(STATUS_BAR), scale)), top: 0, left: 0 },
      { input: shrunk, top: px(STATUS_BAR), left: 0 },
      { input: Buffer.from(roundedMask(screenWidth, screenHeight, px(SCREEN_RADIUS))), blend: 'dest-in' },
    ])
    .png()
    .toBuffer();

  const bodyWidth = screenWidth + 2 * px(BEZEL);
  const bodyHeight = screenHeight + 2 * px(BEZEL);
  const radius = px(SCREEN_RADIUS + BEZEL);
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${bodyWidth}" height="${bodyHeight}">
    <rect x="0.5" y="0.5" width="${bodyWidth - 1}" height="${bodyHeight - 1}" rx="${radius}" fill="#1d1d1f" stroke="#4a4a4e" stroke-width="${Math.max(1, scale)}"/>
    <rect x="${px(3)}" y="${px(3)}" width="${bodyWidth - 2 * px(3)}" height="${bodyHeight - 2 * px(3)}" rx="${radius - px(3)}" fill="none" stroke="#2c2c2e" stroke-width="${px(1.5)}"/>
  </svg>`;
  return sharp(Buffer.from(body))
    .composite([{ input: screen, top: px(BEZEL), left: px(BEZEL) }])
    .png({ palette: true, colours: 256, quality: 90, effort: 10, compressionLevel: 9 })
    .toBuffer();
}

function roundedMask(width: number, height: number, radius: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`;
}

/** A phone's status bar: the time on the left, the camera's pill in the middle, signal, Wi-Fi and battery right. */
function statusBar(width: number, height: number, scale: number): string {
  const s = (css: number) => css * scale;
  const mid = height / 2 + s(3);
  const bars = [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${width - s(84) + i * s(4.5)}" y="${mid + s(4) - s(3 + i * 2)}" width="${s(3)}" height="${s(3 + i * 2)}" rx="${s(0.8)}"/>`,
    )
    .join('');
  const wifiX = width - s(54);
  const wifi = [8, 5.2, 2.4]
    .map(
      (r) =>
        `<path d="M ${wifiX - s(r)} ${mid + s(4) - s(r) * 0.95} A ${s(r * 1.4)} ${s(r * 1.4)} 0 0 1 ${wifiX + s(r)} ${mid + s(4) - s(r) * 0.95}" fill="none" stroke="#111" stroke-width="${s(1.9)}" stroke-linecap="round"/>`,
    )
    .join('');
  const batteryX = width - s(40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <text x="${s(34)}" y="${mid + s(5)}" font-family="Liberation Sans, DejaVu Sans, sans-serif" font-size="${s(15)}" font-weight="700" fill="#111">9:41</text>
    <rect x="${width / 2 - s(46)}" y="${s(9)}" width="${s(92)}" height="${s(26)}" rx="${s(13)}" fill="#000"/>
    <g fill="#111">${bars}</g>
    ${wifi}
    <circle cx="${wifiX}" cy="${mid + s(3.2)}" r="${s(1.3)}" fill="#111"/>
    <rect x="${batteryX}" y="${mid - s(5)}" width="${s(23)}" height="${s(11.5)}" rx="${s(3)}" fill="none" stroke="#111" stroke-opacity="0.45" stroke-width="${s(1)}"/>
    <rect x="${batteryX + s(2)}" y="${mid - s(3)}" width="${s(15)}" height="${s(7.5)}" rx="${s(1.6)}" fill="#111"/>
    <rect x="${batteryX + s(24.2)}" y="${mid - s(1.5)}" width="${s(1.6)}" height="${s(4.5)}" rx="${s(0.8)}" fill="#111" fill-opacity="0.45"/>
  </svg>`;
}
