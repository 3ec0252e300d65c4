/** A multipart/form-data body as a browser would send it, for fastify.inject(). */
export async function multipart(
  fields: Record<string, unknown>,
  photo?: { bytes: Buffer | Uint8Array; name?: string; type?: string; field?: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  if (photo) {
    form.append(
      photo.field ?? 'photo',
      new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? 'image/jpeg' }),
      photo.name ?? 'photo.jpg',
    );
  }
  const request = new Request('http://foray.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
