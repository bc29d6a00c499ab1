/** The part of autocannon 9's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec) => RequestSpec;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** A fixed number of requests instead of a duration: every response is counted. */
    amount?: number;
    /** Milliseconds between samples (default 1 000); a run stops, and its `duration` ends, at a sample tick. */
    sampleInt?: number;
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
