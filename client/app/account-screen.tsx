// The account panel, whose "Export first" opens the export and which holds the circles section: three features put
// together by the shell.
import AccountPanel from '../features/account/account-panel.tsx';
import { CirclesSection } from '../features/circles/circles-section.tsx';
import { ExportDialog } from '../features/export/export-dialog.tsx';

export default function AccountScreen({ onClose, startAt }: { onClose: () => void; startAt?: 'name' }) {
  return (
    <AccountPanel
      onClose={onClose}
      startAt={startAt}
      exportDialog={(close) => <ExportDialog onClose={close} />}
      circles={<CirclesSection />}
    />
  );
}
