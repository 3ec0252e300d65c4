// Provides "manage / view this spot's photos" to the whole main screen and shows the lazy dialog asked for.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PhotosContext, type PhotosRequest } from '../domain/dialogs/photos-context.ts';
import { withAllWords } from '../i18n/later-words.ts';

const PhotoDialog = lazy(withAllWords(() => import('../features/photos/photo-dialog.tsx')));

export function PhotosHost({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<PhotosRequest | null>(null);
  return (
    <PhotosContext.Provider value={setRequest}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <PhotoDialog request={request} onClose={() => setRequest(null)} />
        </Suspense>
      )}
    </PhotosContext.Provider>
  );
}
