/** The `fetch` the clients call: the global one by default, or a test's or a proxy's. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
