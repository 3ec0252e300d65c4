// The account panel, whose "Export first" opens the export: two features put together by the shell.
import AccountPanel from '../features/account/account-panel.tsx';
import { ExportDialog } from '../features/export/export-dialog.tsx';

export default function AccountScreen({ onClose }: { onClose: () => void }) {
  return <AccountPanel onClose={onClose} exportDialog={(close) => <ExportDialog onClose={close} />} />;
}
