// autocannon ships no types; only what the bench scripts use is declared.
declare module 'autocannon' {
  type Result = {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  export default function autocannon(options: {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Each request in turn; setupRequest may change one before it is sent (a new body each time, say). */
    requests?: Array<{
      setupRequest?: (request: { body?: string; [key: string]: unknown }) => { body?: string; [key: string]: unknown };
    }>;
  }): Promise<Result>;
}
