/**
 * A request body read with a cap: a request without Content-Length (chunked) could otherwise
 * make the service read and buffer any amount before the size check (and, for a webhook,
 * before its signature is checked). Reading stops, and the stream is cancelled, as soon as the
 * cap is passed. Used by the JSON body middleware and the Shopify webhooks.
 * @module
 */

/** The bytes of `body`, or undefined as soon as they pass `limit` (the rest is never read). */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
