// The visits chunk (loaded by client/app/visits-host.tsx): the visit form, a spot's visits, the fruiting calendar.
import type { VisitsRequest } from '../../lib/visits-context.ts';
import { CalendarDialog } from './calendar-dialog.tsx';
import { RecordVisitDialog } from './record-visit-dialog.tsx';
import { VisitsDialog } from './visits-dialog.tsx';

export default function VisitsView({ request, onClose }: { request: VisitsRequest; onClose: () => void }) {
  switch (request.kind) {
    case 'record':
      return <RecordVisitDialog spot={request.spot} onClose={onClose} />;
    case 'list':
      return <VisitsDialog spot={request.spot} onClose={onClose} />;
    case 'calendar':
      return <CalendarDialog onClose={onClose} />;
  }
}
