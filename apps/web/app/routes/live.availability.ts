import type { LoaderFunctionArgs } from "@remix-run/node";
import { productChanges, whenListening } from "~/lib/live.server";

/**
 * Server-sent events for shoppers' product pages: "this model's availability changed". Pages
 * then reload their data the ordinary way, so nothing here can disagree with the loader.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      send("retry: 5000\n\n");
      const stop = productChanges.subscribe((change) => {
        send(
          `event: availability\ndata: ${JSON.stringify({ model: change.slug, available: change.available })}\n\n`,
        );
      });
      whenListening().then(() => send("event: ready\ndata: {}\n\n"));
      // A comment now and then keeps proxies from closing a quiet connection.
      const keepAlive = setInterval(() => send(": ping\n\n"), 25_000);
      request.signal.addEventListener("abort", () => {
        stop();
        clearInterval(keepAlive);
        controller.close();
      });
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}
