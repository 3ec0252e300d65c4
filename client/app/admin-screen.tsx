// The administration panel (ADR 0077), opened from the main screen's header by an administrator.
import AdminPanel from '../features/admin/admin-panel.tsx';

export default function AdminScreen({ onClose }: { onClose: () => void }) {
  return <AdminPanel onClose={onClose} />;
}
