// The account panel, whose "Export first" opens the export and which holds the circles section: three features put
// together by the shell.
import AccountPanel from '../features/account/account-panel.tsx';
import { CirclesSection } from '../features/circles/circles-section.tsx';
import { ExportDialog } from '../features/export/export-dialog.tsx';

export default function AccountScreen({ onClose }: { onClose: () => void }) {
  return (
    <AccountPanel
      onClose={onClose}
      exportDialog={(close) => <ExportDialog onClose={close} />}
      circles={<CirclesSection />}
    />
  );
}
