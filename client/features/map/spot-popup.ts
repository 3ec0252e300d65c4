// A marker's popup, built as DOM nodes. Spot text is the user's own words: it goes in through
// textContent only, never as HTML.
import type { Spot } from '../../../common/schemas/spots.ts';
import { directionsUrl, formatCoordinates, formatDate } from '../../lib/format.ts';
import type { ShownSpot } from '../../domain/spots/spot-types.ts';
import type { Circle } from '../../../common/schemas/circles.ts';
import type { ShownTextField } from '../../../common/spot-field-list.ts';
import { spotTitle, textRows } from '../../domain/spots/spot-text.ts';

export type PopupLabels = {
  language: string;
  /** While the popup's content is read (by id) or its code loads. */
  loading: string;
  typeLabel: (type: Spot['type']) => string;
  /** The words naming a text field shown after its label (common/spot-field-list.ts). */
  fieldLabel: (label: ShownTextField['label']) => string;
  foundBy: (finder: string) => string;
  dateFound: (date: string) => string;
  parkedOn: (date: string) => string;
  directions: (coordinates: string) => string;
  photoAlt: (title: string) => string;
  pendingLabel: (failed: boolean) => string;
  failureReason: (error: { code: string; message: string }) => string;
  retry: string;
  discard: string;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
  /** "Back to car" on a car park, "Guide me here" on any other spot. */
  guide: (isCar: boolean) => string;
  onGuide: (spot: ShownSpot) => void;
  /** "Accurate to ± 8 m": how far off a spot placed from the phone's position may be. */
  accuracy: (metres: number) => string;
  /** The owner's "Edit" (every field but position and photo) and "Move" (the pin), and a stale edit's "Compare". */
  edit: string;
  move: string;
  compare: string;
  onEdit: (spot: ShownSpot) => void;
  onMove: (spot: ShownSpot) => void;
  onCompare: (spot: ShownSpot) => void;
  /** "Photos (3)" on the owner's spots; the cover opens the viewer (ADR 0024). */
  managePhotos: (count: number) => string;
  viewPhotos: (title: string) => string;
  onManagePhotos: (spot: ShownSpot) => void;
  onViewPhotos: (spot: ShownSpot) => void;
  /** Who sees the spot (ADR 0053): "Only me", its circles' names or "Everyone"; "Who sees it" for screen readers. */
  audienceLabel: string;
  audience: (spot: ShownSpot) => string;
  /** Another forager's spot: "Shared by Ona · Family". */
  sharedBy: (spot: ShownSpot) => string;
  /** One's own spot shared approximately: "About 1 km for others"; null otherwise. */
  othersSee: (spot: ShownSpot) => string | null;
  /** Another forager's approximate spot (its `area` set): "approximate, about 1 km"; null otherwise. */
  approximate: (spot: Pick<ShownSpot, 'precision' | 'area'>) => string | null;
  /** "Last visit 12 Oct 2026: nothing · 3 visits", or null before the first visit. */
  visitSummary: (spot: ShownSpot) => string | null;
  /** "Record a visit" and "Visits", on one's own mushroom spot (ADR 0022). */
  recordVisit: string;
  visits: string;
  onVisits: (spot: ShownSpot, kind: 'record' | 'list') => void;
  /** "Report" on someone else's public spot (issue #34); its name for screen readers says which. */
  report: string;
  reportLabel: (title: string) => string;
  onReport: (spot: ShownSpot) => void;
  /** The owner's spot hidden by an administrator: "Hidden by the server's administrator: …"; null when shown. */
  hidden: (spot: ShownSpot) => string | null;
  hiddenNote: string;
  /** Someone else's spot shared with circles I own or run: "Take out of <circle>", each asked first (issue #34). */
  takeOutOf: (spot: ShownSpot) => Circle[];
  takeOut: (circle: string) => string;
  onTakeOut: (spot: ShownSpot, circle: Circle) => void;
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function buildSpotPopup(spot: ShownSpot, labels: PopupLabels): HTMLElement {
  const root = element('div', undefined, 'spot-popup');
  const title = spotTitle(spot, labels.typeLabel(spot.type));
  root.append(element('h3', title));

  const badge = element('span', labels.typeLabel(spot.type), 'badge');
  badge.dataset.type = spot.type;
  const audience = element('span', undefined, 'badge audience');
  audience.append(element('span', `${labels.audienceLabel}: `, 'sr-only'), element('span', labels.audience(spot)));
  root.append(badge, ' ', audience);
  if (spot.pending) root.append(pendingPart(spot, spot.pending, labels));
  const hidden = spot.is_owner ? labels.hidden(spot) : null;
  if (hidden) {
    const note = element('div', undefined, 'hidden-note');
    note.setAttribute('role', 'note');
    note.append(element('p', hidden, 'hidden-reason'), element('p', labels.hiddenNote));
    root.append(note);
  }

  // A spot still on the device shows the photo waiting with it.
  const photoUrl = spot.thumbnail_url ?? spot.localPhotoUrl ?? null;
  if (photoUrl) {
    const image = element('img');
    image.src = photoUrl;
    image.alt = labels.photoAlt(title);
    image.width = 200;
    image.loading = 'lazy';
    if (spot.photos.length > 0) {
      const open = element('button', undefined, 'cover');
      open.type = 'button';
      open.setAttribute('aria-label', labels.viewPhotos(title));
      open.addEventListener('click', () => labels.onViewPhotos(spot));
      open.append(image);
      root.append(open);
    } else {
      root.append(image);
    }
  }
  // A car park was not "found" by anyone: its finder field only holds the name of whoever parked.
  const date = formatDate(spot.date_found, labels.language, 'short');
  if (spot.type === 'car_park') {
    root.append(element('p', labels.parkedOn(date)));
  } else {
    if (spot.finder) root.append(element('p', labels.foundBy(spot.finder)));
    root.append(element('p', labels.dateFound(date)));
  }
  const visits = labels.visitSummary(spot);
  if (visits) root.append(element('p', visits, 'visits'));
  // The spot's text fields (common/spot-field-list.ts): its notes alone, any other after its label.
  for (const row of textRows(spot)) {
    const line = element('p', row.alone ? row.text : undefined);
    if (!row.alone) line.append(element('span', `${labels.fieldLabel(row.label)}: `, 'field-label'), row.text);
    root.append(line);
  }
  const othersSee = spot.is_owner ? labels.othersSee(spot) : null;
  if (othersSee) root.append(element('p', othersSee));
  if (!spot.is_owner) root.append(element('p', labels.sharedBy(spot), 'shared-by'));
  const approximate = labels.approximate(spot);
  if (approximate) root.append(element('p', approximate, 'approximate'));

  const link = element('a', labels.directions(formatCoordinates(spot.latitude, spot.longitude, 6)));
  link.href = directionsUrl(spot.latitude, spot.longitude);
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  const linkLine = element('p');
  linkLine.append(link);
  root.append(linkLine);
  if (spot.accuracy_m !== null) root.append(element('p', labels.accuracy(Math.round(spot.accuracy_m))));

  const guide = element('button', labels.guide(spot.type === 'car_park'), 'guide');
  guide.type = 'button';
  guide.addEventListener('click', () => labels.onGuide(spot));
  root.append(guide);
  const takeOutOf = labels.takeOutOf(spot);
  if (takeOutOf.length > 0) {
    const circleActions = element('p', undefined, 'circle-actions');
    for (const circle of takeOutOf) {
      circleActions.append(button(labels.takeOut(circle.name), () => labels.onTakeOut(spot, circle)));
    }
    root.append(circleActions);
  }
  if (spot.is_owner && spot.pending?.kind !== 'delete') {
    const actions = element('p', undefined, 'owner-actions');
    actions.append(
      button(labels.edit, () => labels.onEdit(spot)),
      button(labels.move, () => labels.onMove(spot)),
    );
    root.append(actions);
    const manage = element('button', labels.managePhotos(spot.photos.length), 'photos');
    manage.type = 'button';
    manage.addEventListener('click', () => labels.onManagePhotos(spot));
    root.append(manage);
  }
  if (spot.is_owner && spot.type === 'mushroom_spot' && spot.pending?.kind !== 'delete') {
    const visitActions = element('p', undefined, 'visit-actions');
    for (const [kind, label] of [
      ['record', labels.recordVisit],
      ['list', labels.visits],
    ] as const) {
      const visitButton = element('button', label);
      visitButton.type = 'button';
      visitButton.addEventListener('click', () => labels.onVisits(spot, kind));
      visitActions.append(visitButton);
    }
    root.append(visitActions);
  }
  if (!spot.is_owner && spot.is_public) {
    const report = button(labels.report, () => labels.onReport(spot));
    report.className = 'report';
    report.setAttribute('aria-label', labels.reportLabel(title));
    root.append(report);
  }
  return root;
}

function button(text: string, onClick: () => void): HTMLButtonElement {
  const node = element('button', text);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

function pendingPart(spot: ShownSpot, pending: NonNullable<ShownSpot['pending']>, labels: PopupLabels): HTMLElement {
  const failed = pending.status === 'failed';
  const part = element('div', undefined, failed ? 'pending failed' : 'pending');
  part.append(element('p', labels.pendingLabel(failed), 'pending-state'));
  if (failed && pending.error) part.append(element('p', labels.failureReason(pending.error)));
  if (failed) {
    const actions = element('p', undefined, 'pending-actions');
    // A stale edit is not retried as it is: the user compares it with the saved spot and chooses.
    const stale = pending.error?.code === 'STALE' && pending.error.current;
    actions.append(
      stale
        ? button(labels.compare, () => labels.onCompare(spot))
        : button(labels.retry, () => labels.onRetry(pending.seq)),
      button(labels.discard, () => labels.onDiscard(pending.seq)),
    );
    part.append(actions);
  }
  return part;
}
