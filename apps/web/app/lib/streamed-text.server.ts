/**
 * A text download written as it is produced (the accountant's export, the sign-up lists): each
 * chunk goes out once written, a slow download makes the writer wait, and a dropped one stops it.
 * Until the first chunk, a failure (the database out of reach) is still an error answer.
 */
export async function streamedText(
  request: Request,
  produce: (write: (chunk: string) => Promise<void>) => Promise<unknown>,
  headers: Record<string, string>,
  failure: string,
): Promise<Response> {
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let started: () => void = () => {};
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  const writing = produce(async (chunk) => {
    if (request.signal.aborted) throw new Error("the download was dropped");
    started();
    await writer.ready;
    await writer.write(encoder.encode(chunk));
  });
  writing
    .then(
      () => writer.close(),
      (error: unknown) => {
        if (!request.signal.aborted) console.error(failure, error);
        return writer.abort(error);
      },
    )
    // The reader may have gone already: nothing is left to tell.
    .catch(() => {});
  await Promise.race([begun, writing]);
  return new Response(readable, { headers: { "Cache-Control": "no-store", ...headers } });
}
