-- UNLOGGED: request counts need no crash safety, and skipping the write-ahead log spares each request a flush (ADR 0052).
CREATE UNLOGGED TABLE "api_request_count" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
