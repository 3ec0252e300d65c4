// The photos still waiting in the outbox, as object URLs for their cards and popups: one per queued photo, made
// when its entry first appears and released when the entry is gone (uploaded or discarded).
import { useCallback, useRef, useState } from 'react';
import type { PhotoUrls } from '../spots/spot-types.ts';
import type { OutboxEntry } from './outbox-model.ts';

/** The URLs to render, and `follow(entries)` to bring them in line with the outbox as it now is. */
export function useOutboxPhotoUrls(): { photoUrls: PhotoUrls; follow: (entries: OutboxEntry[]) => void } {
  const urls = useRef(new Map<number, string>());
  const [photoUrls, setPhotoUrls] = useState<PhotoUrls>(new Map());
  const follow = useCallback((entries: OutboxEntry[]) => {
    // An empty outbox read again changes nothing: keep the same map so the map does not redraw.
    setPhotoUrls((previous) =>
      entries.length === 0 && previous.size === 0 ? previous : keepPhotoUrls(urls.current, entries),
    );
  }, []);
  return { photoUrls, follow };
}

/** Brings `urls` in line with `entries`; returns a copy for rendering. */
function keepPhotoUrls(urls: Map<number, string>, entries: OutboxEntry[]): PhotoUrls {
  const present = new Set<number>();
  for (const entry of entries) {
    if ((entry.kind !== 'create' && entry.kind !== 'add-photo') || !entry.photo || entry.seq === undefined) continue;
    present.add(entry.seq);
    if (!urls.has(entry.seq)) urls.set(entry.seq, URL.createObjectURL(entry.photo));
  }
  for (const [seq, url] of urls) {
    if (present.has(seq)) continue;
    URL.revokeObjectURL(url);
    urls.delete(seq);
  }
  return new Map(urls);
}
