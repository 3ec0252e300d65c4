// Saving a spot is ONE request: POST /api/v1/locations as multipart/form-data, the photo (if any) last.
// The id is made once per form, so sending again after a dropped connection can't create a twin.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLocationInput, Location, LocationType } from '../../../common/schemas/locations.ts';
import { api } from '../../lib/api-client.ts';
import { locationKeys } from '../../lib/location-keys.ts';

export type NewSpot = Required<Pick<CreateLocationInput, 'id' | 'mushroom_types' | 'finder' | 'date_found' | 'latitude' | 'longitude'>> & {
  type: LocationType;
  notes: string;
  is_public: boolean;
  photo: File | null;
};

/** A phone uploading a 5 MB photo on one bar of signal needs longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 120_000;

export function toFormData(spot: NewSpot): FormData {
  const form = new FormData();
  form.append('id', spot.id);
  form.append('type', spot.type);
  form.append('mushroom_types', spot.mushroom_types);
  form.append('finder', spot.finder);
  form.append('date_found', spot.date_found);
  form.append('notes', spot.notes);
  form.append('latitude', spot.latitude.toFixed(6));
  form.append('longitude', spot.longitude.toFixed(6));
  form.append('is_public', spot.is_public ? 'true' : 'false');
  // Last, so the server has every text field before it starts streaming the file.
  if (spot.photo) form.append('photo', spot.photo, spot.photo.name);
  return form;
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (spot: NewSpot) =>
      api<Location>('/api/v1/locations', { method: 'POST', form: toFormData(spot), timeoutMs: UPLOAD_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
