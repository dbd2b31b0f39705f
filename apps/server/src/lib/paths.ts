/** True for a request URL under /api (with or without a query), the JSON API's part of the site. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
