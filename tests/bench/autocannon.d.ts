// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    /** A list: connection i sends to url[i % length]. */
    url: string | string[];
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Called before each request is sent; what it returns is sent. */
    requests?: Array<{ setupRequest?: (request: Request) => Request }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
