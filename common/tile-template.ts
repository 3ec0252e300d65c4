// Tile URL templates as Leaflet takes them (TILE_*_URL): which concrete tile URLs belong to which layer.
// The service worker uses this to cache only the layers whose terms allow it.

/** What each placeholder can become in a URL Leaflet requests. */
const PLACEHOLDERS: Record<string, string> = {
  // A subdomain from Leaflet's `subdomains` option (a, b, c by default).
  s: '[a-z0-9-]+',
  z: '\\d+',
  x: '\\d+',
  y: '\\d+',
  // TMS layers number rows from the bottom; still a non-negative integer.
  '-y': '\\d+',
  // '@2x' on high-density screens with detectRetina, else nothing.
  r: '(?:@2x)?',
};
/** Any other `{name}` is filled from a layer option: one path or query segment. */
const OTHER_PLACEHOLDER = '[^/?#&]*';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A RegExp matching exactly the tile URLs a template produces, e.g. `https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png`
 * matches `https://b.tile.opentopomap.org/12/2301/1302.png` and nothing on another host or path.
 * Host names are compared without regard to case, as browsers lower-case them. A template that starts with
 * one slash is on the app's own server, `origin` (e.g. `https://foray.example`).
 */
export function tileTemplatePattern(template: string, origin = ''): RegExp {
  // A protocol-relative template takes the page's scheme; a path-only one the page's origin.
  const absolute = template.startsWith('//')
    ? `{protocol}${template}`
    : template.startsWith('/')
      ? `${origin}${template}`
      : template;
  let source = '';
  let rest = absolute;
  for (let match = /\{([^{}]+)\}/.exec(rest); match; match = /\{([^{}]+)\}/.exec(rest)) {
    const name = match[1]!;
    source += escapeRegExp(rest.slice(0, match.index));
    source += name === 'protocol' ? 'https?:' : (PLACEHOLDERS[name] ?? OTHER_PLACEHOLDER);
    rest = rest.slice(match.index + match[0].length);
  }
  source += escapeRegExp(rest);
  return new RegExp(`^${source}$`, 'i');
}
