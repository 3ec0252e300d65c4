// A QR code drawn in the browser from text (the otpauth:// address of two-step sign-in). The encoder (uqr) is a
// chunk of its own, loaded only when a code is shown; nothing is sent anywhere to draw it.
import { useEffect, useState } from 'react';

export function QrCode({ text, label }: { text: string; label: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('uqr').then(({ encode }) => {
      if (!cancelled) setModules(encode(text, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      cancelled = true;
    };
  }, [text]);

  if (!modules)
    return (
      <div role="img" aria-label={label} aria-busy="true" className="size-48 animate-pulse rounded bg-stone-100" />
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
      className="size-48 rounded bg-white"
      data-testid="two-step-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
