// What an export can be (issue #11, ADR 0035), without zod: the app's export dialog reads it too.

export const EXPORT_FORMATS = ['gpx', 'kml', 'geojson', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The namespace of Foray's own fields in a GPX waypoint's <extensions>: export writes it, import reads it. */
export const FORAY_GPX_NAMESPACE = 'urn:foray:spot:1';
