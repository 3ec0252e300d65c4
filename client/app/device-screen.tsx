// The "On this device" panel with the region map's section in it: two features put together by the shell.
import { useEffect, useState } from 'react';
import { REGION_CHANGED_EVENT } from '../features/map-region/download-task.ts';
import { RegionSection } from '../features/map-region/region-section.tsx';
import DevicePanel from '../features/offline/device-panel.tsx';

export default function DeviceScreen({ onClose }: { onClose: () => void }) {
  // The region map's download and removal change the storage used: the panel reads its facts again then.
  const [regionChanges, setRegionChanges] = useState(0);
  useEffect(function countRegionChanges() {
    const changed = () => setRegionChanges((count) => count + 1);
    window.addEventListener(REGION_CHANGED_EVENT, changed);
    return () => window.removeEventListener(REGION_CHANGED_EVENT, changed);
  }, []);

  return (
    <DevicePanel onClose={onClose} storageChanges={regionChanges}>
      <RegionSection />
    </DevicePanel>
  );
}
