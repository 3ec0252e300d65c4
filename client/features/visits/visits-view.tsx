// The visits chunk (loaded by client/app/visits-host.tsx): the visit form, a spot's visits, the fruiting calendar.
import type { VisitsRequest } from '../../domain/dialogs/visits-context.ts';
import { CalendarDialog } from './calendar-dialog.tsx';
import { RecordVisitDialog } from './record-visit-dialog.tsx';
import { VisitsDialog } from './visits-dialog.tsx';

/** `onChanged`: a visit was deleted on the server, so the spots' summaries are stale. */
export default function VisitsView({
  request,
  onClose,
  onChanged,
}: {
  request: VisitsRequest;
  onClose: () => void;
  onChanged: () => void;
}) {
  switch (request.kind) {
    case 'record':
      return <RecordVisitDialog spot={request.spot} onClose={onClose} />;
    case 'list':
      return <VisitsDialog spot={request.spot} onClose={onClose} onChanged={onChanged} />;
    case 'calendar':
      return <CalendarDialog onClose={onClose} />;
  }
}
