// A QR code drawn in the browser from text: the otpauth:// address of two-step sign-in, a circle's invitation link.
// The encoder (uqr) is a chunk of its own, loaded only when a code is shown; nothing is sent anywhere to draw it.
import { useEffect, useState } from 'react';

/** `className` sets its size (a square; 12 rem unless told). */
export function QrCode({ text, label, className = 'size-48' }: { text: string; label: string; className?: string }) {
  const [drawn, setDrawn] = useState<{ text: string; modules: boolean[][] } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('uqr').then(({ encode }) => {
      if (!cancelled) setDrawn({ text, modules: encode(text, { ecc: 'M', border: 2 }).data });
    });
    return () => {
      cancelled = true;
    };
  }, [text]);

  // Another text (another invitation shown in the same place) never shows the previous one's code meanwhile.
  const modules = drawn?.text === text ? drawn.modules : null;
  if (!modules)
    return (
      <div
        role="img"
        aria-label={label}
        aria-busy="true"
        className={`animate-pulse rounded bg-stone-100 ${className}`}
      />
    );

  // One path of unit squares, one per dark module: crisp at any size, no markup per module.
  let path = '';
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  const size = modules.length;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={`rounded bg-white ${className}`}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
