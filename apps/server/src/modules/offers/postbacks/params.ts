/** Form-style parameters (`a=1&b=2`), a repeated name becoming a list (which the service refuses). */
export function formParams(text: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const prev = params[key];
    params[key] = prev === undefined ? value : ([] as string[]).concat(prev, value);
  }
  return params;
}

/** The query string's parameters of a URL or path, as `formParams` reads them. */
export function queryParamsOf(url: string): Record<string, string | string[]> {
  const q = url.indexOf('?');
  return q < 0 ? {} : formParams(url.slice(q + 1));
}
