import type { LoaderFunctionArgs } from "@remix-run/node";
import { clientHash } from "~/lib/client.server";
import {
  type AvailabilityChange,
  admitLiveStream,
  watchAvailability,
  whenListening,
} from "~/lib/live.server";
import { logRefusal } from "~/lib/refusal.server";
import { endOnStop } from "~/lib/server-process.server";

/** A model's address name, as the shop makes them (lower-case letters, digits, hyphens). */
const MODEL_SLUG = /^[a-z0-9-]{1,120}$/;

/**
 * Server-sent events for shoppers' product pages: "this model's availability changed". Pages
 * then reload their data the ordinary way, so nothing here can disagree with the loader. A client
 * may hold only a few streams, the server a bounded number: beyond, 503 and the page stays as
 * it is (it still shows what the database said when it loaded). When the server stops, its
 * streams end at once: the browser's EventSource reconnects by itself, through the load balancer
 * to a server that still runs, and the stopping server is not held open by them.
 */
/**
 * A change's event, written once for all the pages told it: a launch's opening tells thousands of
 * streams the same thing at the same moment.
 */
const events = new WeakMap<AvailabilityChange, Uint8Array>();
function eventOf(change: AvailabilityChange): Uint8Array {
  let event = events.get(change);
  if (!event) {
    event = new TextEncoder().encode(`event: availability\ndata: ${JSON.stringify(change)}\n\n`);
    events.set(change, event);
  }
  return event;
}

export function loader({ request, context }: LoaderFunctionArgs) {
  // A product page asks for its own model's changes (`?model=slug`); without it, every model's.
  const model = new URL(request.url).searchParams.get("model");
  if (model !== null && !MODEL_SLUG.test(model)) {
    logRefusal(request, 400, "live streams: malformed model");
    return new Response("Bad request", {
      status: 400,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
    });
  }
  const release = admitLiveStream(clientHash(request, context));
  if (typeof release === "string") {
    logRefusal(request, 503, `live streams: ${release.replace("_", " ")}`);
    return new Response("Too many live streams", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store", "Content-Type": "text/plain" },
    });
  }
  const encoder = new TextEncoder();
  let cleanUp = release;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      // Nothing is written once the shopper has gone (the "ready" line may come after that).
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      send("retry: 5000\n\n");
      const stop = watchAvailability(model, (change) => {
        if (!closed) controller.enqueue(eventOf(change));
      });
      whenListening().then(() => send("event: ready\ndata: {}\n\n"));
      // A comment now and then keeps proxies from closing a quiet connection.
      const keepAlive = setInterval(() => send(": ping\n\n"), 25_000);
      const letGo = () => {
        closed = true;
        stop();
        clearInterval(keepAlive);
        forget();
        release();
      };
      // The shopper left, or the server stops: the response ends.
      const end = () => {
        if (closed) return;
        letGo();
        controller.close();
      };
      const forget = endOnStop(end);
      // The response's close frees the slot whatever the garbage collector does; the request's
      // signal alone let thousands of closed streams keep theirs (Node drops a collected
      // Request's link to the connection), and live stock then stopped for everyone.
      context.onResponseClose?.(end);
      request.signal.addEventListener("abort", end);
      cleanUp = letGo;
    },
    cancel() {
      cleanUp();
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
